import Foundation
import Testing

/// Runs `pocket-forecast` on a fresh data directory per test and checks everything it
/// prints, across launches.
@Suite("The pocket-forecast example")
struct PocketForecastTests {
  let dataDirectory: TemporaryFolder

  init() throws {
    dataDirectory = try TemporaryFolder()
  }

  /// Runs the app on this test's data directory.
  func launch(_ arguments: String...) throws -> ExampleRun {
    try ExampleRun.run("pocket-forecast", ["--data-dir", dataDirectory.url.path] + arguments)
  }

  /// A successful run that printed `output`.
  func success(_ output: String) -> ExampleRun {
    ExampleRun(exitCode: 0, standardOutput: output, standardError: "")
  }

  /// A failed run that printed `message` as its error and nothing else.
  func failure(_ exitCode: Int32, _ message: String, usage: Bool = false) -> ExampleRun {
    let hint = usage ? "Run 'pocket-forecast --help' for usage.\n" : ""
    return ExampleRun(
      exitCode: exitCode, standardOutput: "",
      standardError: "pocket-forecast: error: \(message)\n\(hint)")
  }

  static let sanFranciscoInTheClouds = """
    ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
    San Francisco                       Clouds over the city
    ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
    Now        * Overcast              16°C
                 humidity 81%, wind 23 km/h SW

    Mon 6 May  * Overcast          13..19°C  rain  11%
    Tue 7 May  * Sunny             10..17°C  rain   7%
    Wed 8 May  * Morning fog       13..18°C  rain  16%
    Thu 9 May  * Overcast          11..19°C  rain   9%
    Fri 10 May * Drizzle            9..16°C  rain  72%
    ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
    Issued 2024-05-06 06:00 UTC by weather.example.com.
    Fetched from the weather service and stored.

    """

  /// The report without its last line, which says where it came from.
  static let sanFranciscoInTheRain = """
    ::::::::::::::::::::::::::::::::::::::::::::::::::::::::
    San Francisco                         Lights in the rain
    ::::::::::::::::::::::::::::::::::::::::::::::::::::::::
    Now        o Overcast              16°C
                 humidity 81%, wind 23 km/h SW

    Mon 6 May  o Overcast          13..19°C  rain  11%
    Tue 7 May  o Sunny             10..17°C  rain   7%
    Wed 8 May  o Morning fog       13..18°C  rain  16%
    Thu 9 May  o Overcast          11..19°C  rain   9%
    Fri 10 May o Drizzle            9..16°C  rain  72%
    ::::::::::::::::::::::::::::::::::::::::::::::::::::::::
    Issued 2024-05-06 06:00 UTC by weather.example.com.

    """

  // MARK: Screens and persistence

  @Test func aFreshDataDirectoryShowsTheDefaultCitiesAndAsksForOne() throws {
    #expect(
      try launch()
        == success(
          """
          ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
          Your cities                         Clouds over the city
          ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
          * Madrid
          * Manila
          * Omsk
          * Phnom Penh
          * San Francisco
          ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
          No city is selected yet: pick one with 'pocket-forecast select <city>'.

          """))
  }

  @Test func selectingACityShowsItsReportWhichTheNextLaunchReadsFromStorage() throws {
    #expect(try launch("select", "san", "FRANCISCO") == success(Self.sanFranciscoInTheClouds))
    #expect(
      try launch()
        == success(
          Self.sanFranciscoInTheRain
            + "Stored report; 'pocket-forecast refresh' fetches a new one.\n"))
    let stored = dataDirectory.path("reports", "san%20francisco.json")
    #expect(FileManager.default.fileExists(atPath: stored))
  }

  @Test func refreshFetchesTheSelectedCitysReportAgain() throws {
    #expect(try launch("select", "San Francisco").exitCode == 0)
    #expect(
      try launch("refresh")
        == success(Self.sanFranciscoInTheRain + "Fetched from the weather service and stored.\n"))
  }

  @Test func refreshWithoutASelectedCityShowsTheCities() throws {
    let run = try launch("refresh")
    #expect(run.exitCode == 0)
    #expect(
      run.standardOutput.hasSuffix(
        "No city is selected yet: pick one with 'pocket-forecast select <city>'.\n"))
  }

  @Test func anAddedCityIsStillThereOnTheNextLaunch() throws {
    #expect(
      try launch("add", "  buenos AIRES ")
        == success(
          """
          ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
          Your cities                         Clouds over the city
          ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
          * Buenos Aires
          * Madrid
          * Manila
          * Omsk
          * Phnom Penh
          * San Francisco
          ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
          Added Buenos Aires.

          """))
    #expect(
      try launch("cities")
        == success(
          """
          ::::::::::::::::::::::::::::::::::::::::::::::::::::::::
          Your cities                           Lights in the rain
          ::::::::::::::::::::::::::::::::::::::::::::::::::::::::
          o Buenos Aires
          o Madrid
          o Manila
          o Omsk
          o Phnom Penh
          o San Francisco
          ::::::::::::::::::::::::::::::::::::::::::::::::::::::::

          """))
    #expect(
      try launch("add", "Buenos", "Aires")
        == success(
          """
          ========================================================
          Your cities                                        Beach
          ========================================================
          > Buenos Aires
          > Madrid
          > Manila
          > Omsk
          > Phnom Penh
          > San Francisco
          ========================================================
          Buenos Aires is already one of your cities.

          """))
  }

  @Test func removingTheSelectedCityClearsTheSelection() throws {
    #expect(try launch("select", "Omsk").exitCode == 0)
    #expect(
      try launch("remove", "OMSK")
        == success(
          """
          ::::::::::::::::::::::::::::::::::::::::::::::::::::::::
          Your cities                           Lights in the rain
          ::::::::::::::::::::::::::::::::::::::::::::::::::::::::
          o Madrid
          o Manila
          o Phnom Penh
          o San Francisco
          ::::::::::::::::::::::::::::::::::::::::::::::::::::::::
          Removed Omsk. No city is selected now.

          """))
    #expect(
      try launch("cities")
        == success(
          """
          ========================================================
          Your cities                                        Beach
          ========================================================
          > Madrid
          > Manila
          > Phnom Penh
          > San Francisco
          ========================================================

          """))
  }

  @Test func removingAnotherCityKeepsTheSelection() throws {
    #expect(try launch("select", "Madrid").exitCode == 0)
    let run = try launch("remove", "Manila")
    #expect(run.exitCode == 0)
    #expect(run.standardOutput.contains("o Madrid  (selected)\n"))
    #expect(!run.standardOutput.contains("o Manila\n"))
    #expect(run.standardOutput.hasSuffix("Removed Manila.\n"))
  }

  @Test func eachLaunchTakesTheNextThemeAndTheFifthStartsOver() throws {
    var titles: [String] = []
    for _ in 1...5 {
      let lines = try launch("cities").standardOutput.split(separator: "\n")
      titles.append(lines.count > 1 ? String(lines[1]) : "")
    }
    #expect(
      titles == [
        "Your cities                         Clouds over the city",
        "Your cities                           Lights in the rain",
        "Your cities                                        Beach",
        "Your cities                         Sunset over the city",
        "Your cities                         Clouds over the city",
      ])
  }

  @Test func theDefaultDataDirectoryIsInTheUsersCacheFolder() throws {
    #if os(Linux)
    // On Linux the cache folder is $XDG_CACHE_HOME when it is set.
    let cache = dataDirectory.url.appendingPathComponent("cache").path
    let run = try ExampleRun.run(
      "pocket-forecast", ["add", "Tokyo"], environment: ["XDG_CACHE_HOME": cache])
    #expect(run.exitCode == 0)
    let settings = try String(
      contentsOfFile: dataDirectory.path("cache", "pocket-forecast", "settings.json"),
      encoding: .utf8)
    #expect(settings.contains("\"Tokyo\""))
    #endif
  }

  @Test func theDataDirectoryOptionTakesAnEqualsSign() throws {
    let run = try ExampleRun.run(
      "pocket-forecast", ["cities", "--data-dir=\(dataDirectory.path("inner", "folder"))"])
    #expect(run.exitCode == 0)
    #expect(
      FileManager.default.fileExists(atPath: dataDirectory.path("inner", "folder", "settings.json"))
    )
  }

  // MARK: The graph

  @Test func theGraphInDOTShowsEveryRegistrationAndDashedProviderClosures() throws {
    #expect(
      try launch("--graph", "dot")
        == success(
          """
          digraph {
            rankdir=TB;
            node [shape=box];
            n0 [label="userDefaults (instance)", shape="note"];
            n1 [label="conf (instance)", shape="note"];
            n2 [label="themes (instance)", shape="note"];
            n3 [label="weatherReportDao (instance)", shape="note"];
            n4 [label="weatherClient (singleton)"];
            n5 [label="cityDao (singleton)"];
            n6 [label="theme (singleton)"];
            n7 [label="weatherReportView"];
            n8 [label="weatherReportViewController"];
            n9 [label="rootViewController (singleton)"];
            n10 [label="window (singleton)"];
            n11 [label="citiesListViewController"];
            n12 [label="addCityViewController"];
            n4 -> n1;
            n4 -> n3;
            n5 -> n0;
            n6 -> n0;
            n6 -> n2;
            n7 -> n6;
            n8 -> n3;
            n8 -> n4;
            n8 -> n5;
            n8 -> n7;
            n8 -> n9 [style="dashed"];
            n9 -> n8;
            n9 -> n11 [style="dashed"];
            n9 -> n12 [style="dashed"];
            n10 -> n9;
            n11 -> n5;
            n11 -> n6;
            n11 -> n9 [style="dashed"];
            n12 -> n4;
            n12 -> n5;
            n12 -> n9 [style="dashed"];
          }

          """))
  }

  @Test func theGraphInMermaidDrawsTheSame() throws {
    #expect(
      try launch("--graph=mermaid")
        == success(
          """
          flowchart TB
            n0["userDefaults (instance)"]
            n1["conf (instance)"]
            n2["themes (instance)"]
            n3["weatherReportDao (instance)"]
            n4["weatherClient (singleton)"]
            n5["cityDao (singleton)"]
            n6["theme (singleton)"]
            n7["weatherReportView"]
            n8["weatherReportViewController"]
            n9["rootViewController (singleton)"]
            n10["window (singleton)"]
            n11["citiesListViewController"]
            n12["addCityViewController"]
            n4 --> n1
            n4 --> n3
            n5 --> n0
            n6 --> n0
            n6 --> n2
            n7 --> n6
            n8 --> n3
            n8 --> n4
            n8 --> n5
            n8 --> n7
            n8 -.-> n9
            n9 --> n8
            n9 -.-> n11
            n9 -.-> n12
            n10 --> n9
            n11 --> n5
            n11 --> n6
            n11 -.-> n9
            n12 --> n4
            n12 --> n5
            n12 -.-> n9

          """))
  }

  @Test func printingTheGraphShowsNoScreenSoTakesNoThemeTurn() throws {
    #expect(try launch("--graph", "dot").exitCode == 0)
    let run = try launch("cities")
    #expect(run.standardOutput.contains("Your cities                         Clouds over the city"))
  }

  // MARK: Help and bad input

  @Test func helpListsTheCommandsOptionsAndExitCodes() throws {
    let run = try ExampleRun.run("pocket-forecast", ["--help"])
    #expect(
      run
        == success(
          """
          USAGE: pocket-forecast [--data-dir <path>] [<command>]
                 pocket-forecast --graph dot|mermaid
                 pocket-forecast --help

          A weather app for the terminal, wired by the Injineer container. Each launch shows
          its screens in the next of four themes.

          COMMANDS:
            (none)           Show the weather report for the selected city.
            refresh          Fetch the selected city's report again, then show it.
            cities           List your cities; the selected one is marked.
            add <city>       Add a city the weather service has reports for.
            remove <city>    Remove a city from your list.
            select <city>    Select a city, then show its report.

          City names may span several arguments (add San Francisco); case does not matter.

          OPTIONS:
            --data-dir <path>        Where your cities, settings and stored reports live
                                     (default: a pocket-forecast folder in your cache folder).
            --graph dot|mermaid      Print the app's dependency graph, as Graphviz DOT or
                                     Mermaid text, and exit.
            -h, --help               Show this help.

          The weather service is a stub that answers from a bundled fixture: no network.

          EXIT CODES:
            0   success
            64  usage error: unknown command or option, missing or extra argument
            65  data error: a city that is not in your list or unknown to the weather service,
                or a damaged settings or report file
            70  internal error: the app's wiring or its bundled files are broken
            74  I/O error: the data directory cannot be created, read or written

          """))
    #expect(try ExampleRun.run("pocket-forecast", ["-h"]) == run)
    // Help wins over everything else, and touches no data directory.
    #expect(try launch("add", "--help") == run)
    #expect(!FileManager.default.fileExists(atPath: dataDirectory.path("settings.json")))
  }

  @Test(arguments: [
    (
      ["frobnicate"],
      "Unknown command 'frobnicate'. The commands are refresh, cities, add, remove, select."
    ),
    (["--verbose"], "Unknown option '--verbose'."),
    (["cities", "Madrid"], "'cities' takes no arguments, but got 'Madrid'."),
    (["refresh", "now", "please"], "'refresh' takes no arguments, but got 'now please'."),
    (["add"], "'add' needs a city name."),
    (["select", "  "], "'select' needs a city name."),
    (["remove", "--", ""], "'remove' needs a city name."),
    (["--graph", "svg"], "Unknown graph format 'svg'; use dot or mermaid."),
    (["--graph"], "--graph needs a value."),
    (
      ["--graph", "dot", "cities"],
      "--graph prints the graph and runs no command; leave out 'cities'."
    ),
    (["--graph", "dot", "--graph", "dot"], "--graph is given more than once."),
    (["--data-dir", "a", "--data-dir", "b"], "--data-dir is given more than once."),
    (["--data-dir="], "--data-dir needs a path, not an empty one."),
    (["--help=yes"], "--help takes no value."),
  ])
  func aBadCommandLineIsAUsageError(arguments: [String], message: String) throws {
    #expect(
      try ExampleRun.run("pocket-forecast", arguments) == failure(64, message, usage: true))
  }

  @Test func aMissingDataDirectoryValueIsAUsageError() throws {
    #expect(
      try ExampleRun.run("pocket-forecast", ["--data-dir"])
        == failure(64, "--data-dir needs a value.", usage: true))
    // An option never takes another option as its value.
    #expect(
      try ExampleRun.run("pocket-forecast", ["--data-dir", "--help"])
        == failure(64, "--data-dir needs a value.", usage: true))
  }

  @Test func selectingOrRemovingACityNotInTheListIsADataError() throws {
    let notInTheList =
      "'Atlantis' is not one of your cities (Madrid, Manila, Omsk, Phnom Penh, San Francisco). "
      + "Add it with 'pocket-forecast add <city>'."
    #expect(try launch("select", "Atlantis") == failure(65, notInTheList))
    #expect(try launch("remove", " Atlantis ") == failure(65, notInTheList))
  }

  @Test func addingACityTheWeatherServiceDoesNotKnowIsADataError() throws {
    #expect(
      try launch("add", "Atlantis")
        == failure(
          65,
          "No weather reports for 'Atlantis' at weather.example.com. The stub weather client "
            + "knows Buenos Aires, London, Madrid, Manila, Nairobi, Omsk, Phnom Penh, "
            + "Reykjavik, San Francisco, Tokyo."))
    #expect(!(try launch("cities").standardOutput.contains("Atlantis")))
  }

  @Test func aDamagedSettingsFileIsADataError() throws {
    let settings = dataDirectory.path("settings.json")
    try Data("{not json".utf8).write(to: URL(fileURLWithPath: settings))
    #expect(
      try launch()
        == failure(
          65,
          "The settings file '\(settings)' is damaged: it is not valid JSON. Repair it, or "
            + "delete it to start again with the default cities."))
    try Data(#"{"cities": 3.5}"#.utf8).write(to: URL(fileURLWithPath: settings))
    #expect(
      try launch("cities")
        == failure(
          65,
          "The settings file '\(settings)' is damaged: 'cities' is not a whole number, a string "
            + "or a list of strings. Repair it, or delete it to start again with the default "
            + "cities."))
  }

  /// Writes `contents` as the settings file, runs the app with each of `commands`, and
  /// checks that every run fails with `message` and leaves the file's bytes as they were.
  func expectSettingsKept(
    _ contents: String, failing message: String, commands: [[String]],
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let settings = URL(fileURLWithPath: dataDirectory.path("settings.json"))
    let bytes = Data(contents.utf8)
    try bytes.write(to: settings)
    let failure = failure(
      65,
      "The settings file '\(settings.path)' is damaged: \(message) Repair it, or delete it to "
        + "start again with the default cities.")
    for command in commands {
      let run = try ExampleRun.run(
        "pocket-forecast", ["--data-dir", dataDirectory.url.path] + command)
      #expect(run == failure, "pocket-forecast \(command)", sourceLocation: sourceLocation)
      #expect(try Data(contentsOf: settings) == bytes, sourceLocation: sourceLocation)
    }
  }

  @Test(arguments: [
    (
      #"{"cities": "Tokyo,London"}"#,
      #"'cities' is a string, but it must be a list of strings, such as ["Madrid", "Omsk"]."#
    ),
    (
      #"{"cities": 5, "selectedCity": "Omsk"}"#,
      "'cities' is a whole number, but it must be a list of strings, such as "
        + #"["Madrid", "Omsk"]."#
    ),
  ])
  func citiesNotAsAListAreADataErrorAndTheFileIsKept(contents: String, message: String) throws {
    // Read as missing, the value used to be replaced by the default cities.
    try expectSettingsKept(
      contents, failing: message, commands: [[], ["cities"], ["add", "Tokyo"]])
  }

  @Test(arguments: [
    (
      #"{"selectedCity": ["Omsk"]}"#,
      #"'selectedCity' is a list of strings, but it must be a string, such as "Madrid"."#
    ),
    (
      #"{"cities": ["Tokyo"], "theme.next": "2"}"#,
      "'theme.next' is a string, but it must be a whole number, such as 2."
    ),
  ])
  func anotherSettingOfTheWrongKindIsADataErrorAndTheFileIsKept(
    contents: String, message: String
  ) throws {
    // Read as missing, a selection was dropped at the next change, and the theme's turn
    // started again at the first theme and was stored over the value.
    try expectSettingsKept(contents, failing: message, commands: [[], ["select", "Tokyo"]])
  }

  @Test func aSettingsFileThatIsNotAJSONObjectSaysWhatItMustHold() throws {
    let mustHold =
      #"but it must hold a JSON object with the app's settings, such as {"cities": ["Madrid", "#
      + #""Omsk"]}."#
    try expectSettingsKept("[]", failing: "it holds a list, \(mustHold)", commands: [[]])
    try expectSettingsKept(
      #""Tokyo""#, failing: "it holds a single value, \(mustHold)", commands: [["cities"]])
  }

  @Test func aSettingsFileThatCannotBeReadIsAnIOErrorThatSaysWhy() throws {
    let settings = dataDirectory.path("settings.json")
    try FileManager.default.createDirectory(atPath: settings, withIntermediateDirectories: false)
    #expect(
      try launch("cities")
        == failure(
          74,
          "Cannot read the settings file '\(settings)': is a directory. Check that it is a file "
            + "you may read."))
  }

  @Test func aDamagedStoredReportIsADataErrorThatRefreshRepairs() throws {
    #expect(try launch("select", "San Francisco").exitCode == 0)
    let report = dataDirectory.path("reports", "san%20francisco.json")
    try Data(#"{"cityDisplayName": "San Francisco"}"#.utf8).write(to: URL(fileURLWithPath: report))
    #expect(
      try launch()
        == failure(
          65,
          "The stored report '\(report)' is damaged: the key 'issued' is missing. Run "
            + "'pocket-forecast refresh' to fetch it again."))
    let refreshed = try launch("refresh")
    #expect(refreshed.exitCode == 0)
    #expect(refreshed.standardOutput.hasSuffix("Fetched from the weather service and stored.\n"))
    #expect(try launch().exitCode == 0)
  }

  @Test func aDataDirectoryThatIsAFileIsAnIOError() throws {
    let file = dataDirectory.path("file")
    try Data("not a folder".utf8).write(to: URL(fileURLWithPath: file))
    #expect(
      try ExampleRun.run("pocket-forecast", ["--data-dir", file, "cities"])
        == failure(
          74, "The data directory '\(file)' is a file. Choose a folder with --data-dir."))
    #expect(
      try ExampleRun.run("pocket-forecast", ["--data-dir", file + "/inside", "cities"])
        == failure(
          74,
          "Cannot create the data directory '\(file)/inside': '\(file)' is a file. Choose "
            + "another folder with --data-dir."))
  }

  @Test func aDataDirectoryThatCannotBeCreatedSaysWhy() throws {
    // A file two folders up is named, rather than the system's "not a directory".
    let file = dataDirectory.path("file")
    try Data("not a folder".utf8).write(to: URL(fileURLWithPath: file))
    #expect(
      try ExampleRun.run("pocket-forecast", ["--data-dir", file + "/a/b"])
        == failure(
          74,
          "Cannot create the data directory '\(file)/a/b': '\(file)' is a file. Choose another "
            + "folder with --data-dir."))
    // Otherwise the system's reason, which stops root as well as anyone.
    let tooLong = dataDirectory.path(String(repeating: "a", count: 300))
    #expect(
      try ExampleRun.run("pocket-forecast", ["--data-dir", tooLong])
        == failure(
          74,
          "Cannot create the data directory '\(tooLong)': file name too long. Choose another "
            + "folder with --data-dir."))
  }

  // MARK: A read-only data directory

  /// How to run the app as a user whom a read-only folder stops: directly (empty), or,
  /// when this process may write anywhere (it runs as root), as the user `nobody` through
  /// `setpriv`; nil when neither is possible here.
  static let readOnlyLauncher: [String]? = {
    if (try? chmodStopsWrites()) == true {
      return []
    }
    let setpriv = ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "--"]
    guard FileManager.default.isExecutableFile(atPath: setpriv[0]),
      (try? ExampleRun.run("pocket-forecast", ["--help"], launcher: setpriv))?.exitCode == 0
    else {
      return nil
    }
    return setpriv
  }()

  /// Why the read-only tests are skipped when ``readOnlyLauncher`` is nil.
  static let noReadOnlyLauncher = Comment(
    rawValue: "chmod does not stop this process's writes (it runs as root), and setpriv "
      + "cannot run the app as the user nobody here")

  /// Whether this process fails to create a file in a folder whose mode is 0555.
  static func chmodStopsWrites() throws -> Bool {
    let folder = try TemporaryFolder()
    try setMode(0o555, of: folder.url.path)
    defer { try? setMode(0o755, of: folder.url.path) }
    return !FileManager.default.createFile(atPath: folder.path("probe"), contents: nil)
  }

  static func setMode(_ mode: Int, of path: String) throws {
    try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path)
  }

  /// Gives every folder in the data directory, itself included, `folderMode`, and every
  /// file `fileMode`.
  func setDataDirectoryModes(folders folderMode: Int, files fileMode: Int) throws {
    let root = dataDirectory.url.path
    for item in try FileManager.default.subpathsOfDirectory(atPath: root) {
      let path = dataDirectory.path(item)
      var isFolder: ObjCBool = false
      _ = FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
      try Self.setMode(isFolder.boolValue ? folderMode : fileMode, of: path)
    }
    try Self.setMode(folderMode, of: root)
  }

  /// Runs the app on this test's data directory through `launcher`.
  func launch(through launcher: [String], _ arguments: String...) throws -> ExampleRun {
    try ExampleRun.run(
      "pocket-forecast", ["--data-dir", dataDirectory.url.path] + arguments, launcher: launcher)
  }

  static let madridInTheRain = """
    ::::::::::::::::::::::::::::::::::::::::::::::::::::::::
    Madrid                                Lights in the rain
    ::::::::::::::::::::::::::::::::::::::::::::::::::::::::
    Now        o Sunny                 17°C
                 humidity 48%, wind 18 km/h SW

    Mon 6 May  o Sunny             11..23°C  rain  17%
    Tue 7 May  o Clear             12..26°C  rain   4%
    Wed 8 May  o Scattered showers 10..27°C  rain  59%
    Thu 9 May  o Scattered showers 11..23°C  rain  77%
    Fri 10 May o Scattered showers 11..25°C  rain  46%
    ::::::::::::::::::::::::::::::::::::::::::::::::::::::::
    Issued 2024-05-06 06:00 UTC by weather.example.com.
    Stored report; 'pocket-forecast refresh' fetches a new one.

    """

  @Test(.enabled(if: readOnlyLauncher != nil, noReadOnlyLauncher))
  func readOnlyCommandsWorkInAReadOnlyDataDirectory() throws {
    let launcher = try #require(Self.readOnlyLauncher)
    #expect(try launch("select", "Madrid").exitCode == 0)
    let settings = URL(fileURLWithPath: dataDirectory.path("settings.json"))
    let report = URL(fileURLWithPath: dataDirectory.path("reports", "madrid.json"))
    let settingsBytes = try Data(contentsOf: settings)
    let reportBytes = try Data(contentsOf: report)
    try setDataDirectoryModes(folders: 0o555, files: 0o444)
    defer { try? setDataDirectoryModes(folders: 0o755, files: 0o644) }

    // Reading works, in the theme whose turn it is; the turn is not stored, so the next
    // launch shows the same theme.
    #expect(
      try launch(through: launcher, "cities")
        == success(
          """
          ::::::::::::::::::::::::::::::::::::::::::::::::::::::::
          Your cities                           Lights in the rain
          ::::::::::::::::::::::::::::::::::::::::::::::::::::::::
          o Madrid  (selected)
          o Manila
          o Omsk
          o Phnom Penh
          o San Francisco
          ::::::::::::::::::::::::::::::::::::::::::::::::::::::::

          """))
    #expect(try launch(through: launcher) == success(Self.madridInTheRain))

    // A change still needs a writable folder, and says which file it could not write.
    #expect(
      try launch(through: launcher, "select", "Omsk")
        == failure(
          74,
          "Cannot write the settings file '\(settings.path)': permission denied. Make its folder "
            + "writable, or choose another folder with --data-dir."))
    #expect(
      try launch(through: launcher, "refresh")
        == failure(
          74,
          "Cannot write the stored report '\(report.path)': permission denied. Make its folder "
            + "writable, or choose another folder with --data-dir."))
    #expect(try Data(contentsOf: settings) == settingsBytes)
    #expect(try Data(contentsOf: report) == reportBytes)
  }

  @Test(.enabled(if: readOnlyLauncher != nil, noReadOnlyLauncher))
  func aFreshReadOnlyDataDirectoryListsTheDefaultCitiesWithoutStoringThem() throws {
    let launcher = try #require(Self.readOnlyLauncher)
    try setDataDirectoryModes(folders: 0o555, files: 0o444)
    defer { try? setDataDirectoryModes(folders: 0o755, files: 0o644) }
    #expect(
      try launch(through: launcher, "cities")
        == success(
          """
          ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
          Your cities                         Clouds over the city
          ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
          * Madrid
          * Manila
          * Omsk
          * Phnom Penh
          * San Francisco
          ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~

          """))
    #expect(try FileManager.default.contentsOfDirectory(atPath: dataDirectory.url.path) == [])
  }
}
