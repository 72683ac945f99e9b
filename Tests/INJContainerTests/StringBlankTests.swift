import Testing

@testable import INJContainer

/// Blank names are refused; the check decides most names from their first byte.
@Suite struct StringBlankTests {
  @Test(arguments: [
    ("", true), (" ", true), ("\t\n", true), ("\r\n", true), ("\u{00A0}", true),
    ("\u{2003} \u{3000}", true), ("a", false), (" a", false), ("\u{00A0}b", false),
    ("é", false), ("e\u{0301}", false), ("\u{1F600}", false), ("_", false), ("1", false),
  ])
  func blankness(of name: String, isBlank: Bool) {
    #expect(name.isBlank == isBlank)
  }
}

/// The shape of a provider-closure name, decided from the last bytes.
@Suite struct ProviderClosureShapeTests {
  @Test(arguments: [
    ("xProvider", true), ("Provider", false), ("provider", false), ("fooprovider", false),
    ("weatherClientProvider", true), ("éProvider", true), ("weatherClient", false),
    ("Providers", false), ("", false), ("aVeryLongNameThatIsNotSmallProvider", true),
    ("aVeryLongNameThatIsNotSmallProvide", false),
  ])
  func shape(of name: String, expected: Bool) {
    #expect(name.hasProviderClosureShape == expected)
  }
}
