import Foundation
import Injineer
import Testing

// The samples of the article "Overrides for Previews, Debug Builds and UI Tests", as
// written there.

protocol API: Sendable {
  func greeting() -> String
}

struct LiveAPI: API {
  func greeting() -> String { "Hello from the server" }
}

struct MockAPI: API {
  func greeting() -> String { "Hello from a mock" }
}

final class GreetingModel: Sendable {
  let text: String
  init(api: any API) { text = api.greeting() }
}

func makeAppContainer() -> Container {
  let app = Container()
  app.addInstance(LiveAPI() as any API, forName: "api")
  app.addProvider(forName: "greetingModel", dependencies: ["api"], options: .singleton) {
    values in
    GreetingModel(api: try values.value(forName: "api"))
  }
  return app
}

func makeContainer(useMockAPI: Bool) -> Container {
  let app = makeAppContainer()
  if useMockAPI {
    app.override("api", with: MockAPI() as any API)
  }
  return app
}

@Suite("Overrides for Previews, Debug Builds and UI Tests")
struct OverridesTests: PrintingSample {
  let console = Console()
  static let article = "Sources/INJContainer/INJContainer.docc/Overrides.md"

  @Test func previews() throws {
    let app = makeAppContainer()
    let preview = app.makeChild()
    preview.override("api", with: MockAPI() as any API)
    print(try preview.value(forName: "greetingModel", as: GreetingModel.self).text)
    print(try app.value(forName: "greetingModel", as: GreetingModel.self).text)

    expectPrintedOutputShown(in: Self.article)
  }

  @Test func debugBuilds() throws {
    #if DEBUG
    let container = makeContainer(useMockAPI: UserDefaults.standard.bool(forKey: "useMockAPI"))
    #else
    let container = makeContainer(useMockAPI: false)
    #endif

    let model = try container.value(forName: "greetingModel", as: GreetingModel.self)
    #expect(model.text == "Hello from the server")
    let mocked = try makeContainer(useMockAPI: true).value(
      forName: "greetingModel", as: GreetingModel.self)
    #expect(mocked.text == "Hello from a mock")
  }

  @Test func uiTests() throws {
    let container = makeContainer(
      useMockAPI: ProcessInfo.processInfo.arguments.contains("-mock-api"))

    let model = try container.value(forName: "greetingModel", as: GreetingModel.self)
    #expect(model.text == "Hello from the server")
  }

  @Test func overridesAreDrawn() {
    let preview = makeAppContainer().makeChild()
    preview.override("api", with: MockAPI() as any API)
    print(preview.mermaidText(), terminator: "")

    expectPrintedOutputShown(in: Self.article)
  }

  @Test func theCheckFindsAMisspeltOverride() {
    let preview = makeAppContainer().makeChild()
    preview.override("apy", with: MockAPI() as any API, fileID: "App/Previews.swift", line: 4)
    do {
      try preview.checkForErrors()
    } catch {
      print(error)
    }

    expectPrintedOutputShown(in: Self.article)
  }

  @Test func theCheckFindsAnOverrideOfAnotherType() {
    let preview = makeAppContainer().makeChild()
    preview.override("greetingModel", with: "Hi")
    let problems = preview.validate().problems
    #expect(problems.count == 1)
    if case .overrideTypeMismatch(let name, _, let type, _, let registered)? = problems.first {
      #expect([name, type, registered] == ["greetingModel", "String", "GreetingModel"])
    } else {
      Issue.record("expected an override type mismatch: \(problems)")
    }
  }
}
