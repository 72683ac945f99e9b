/// What the command line asks for, parsed by hand (the package uses no outside
/// libraries).
struct Invocation: Equatable {
  /// What to do after launching.
  enum Command: Equatable {
    /// Show the selected city's report.
    case report
    /// Fetch the selected city's report again and show it.
    case refresh
    /// Show the cities list.
    case cities
    case add(String)
    case remove(String)
    case select(String)
  }

  /// The text formats of `--graph`.
  enum GraphFormat: String {
    case dot
    case mermaid
  }

  var command = Command.report
  /// The `--data-dir` path, when given.
  var dataDirectory: String?
  /// The `--graph` format, when given.
  var graph: GraphFormat?
  /// Whether `-h` or `--help` was given.
  var showsHelp = false

  static let commandNames = ["refresh", "cities", "add", "remove", "select"]

  static let usage = """
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

    """

  /// Parses the arguments after the program's name.
  ///
  /// Options may come before or after the command; `--` ends the options.
  ///
  /// - Parameter arguments: The arguments.
  /// - Returns: What they ask for.
  /// - Throws: ``AppError/usage(_:)`` naming the first problem.
  static func parse(_ arguments: [String]) throws(AppError) -> Invocation {
    var invocation = Invocation()
    var words: [String] = []
    var index = arguments.startIndex
    var optionsEnded = false

    /// The option's value: after `=`, or the next argument.
    func value(of option: String, inlineValue: String?) throws(AppError) -> String {
      if let inlineValue {
        return inlineValue
      }
      index += 1
      guard index < arguments.endIndex, !arguments[index].hasPrefix("-") else {
        throw .usage("\(option) needs a value.")
      }
      return arguments[index]
    }

    while index < arguments.endIndex {
      let argument = arguments[index]
      if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
        words.append(argument)
        index += 1
        continue
      }
      let parts = argument.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      let option = String(parts[0])
      let inlineValue = parts.count > 1 ? String(parts[1]) : nil
      switch option {
      case "--":
        optionsEnded = true
      case "-h", "--help":
        invocation.showsHelp = true
      case "--data-dir":
        guard invocation.dataDirectory == nil else {
          throw .usage("--data-dir is given more than once.")
        }
        let path = try value(of: option, inlineValue: inlineValue)
        guard !path.isEmpty else { throw .usage("--data-dir needs a path, not an empty one.") }
        invocation.dataDirectory = path
      case "--graph":
        guard invocation.graph == nil else { throw .usage("--graph is given more than once.") }
        let name = try value(of: option, inlineValue: inlineValue)
        guard let format = GraphFormat(rawValue: name) else {
          throw .usage("Unknown graph format '\(name)'; use dot or mermaid.")
        }
        invocation.graph = format
      default:
        throw .usage("Unknown option '\(option)'.")
      }
      if inlineValue != nil, !["--data-dir", "--graph"].contains(option) {
        throw .usage("\(option) takes no value.")
      }
      index += 1
    }

    if invocation.showsHelp {
      return invocation
    }
    invocation.command = try command(from: words)
    if invocation.graph != nil, invocation.command != .report {
      throw .usage("--graph prints the graph and runs no command; leave out '\(words[0])'.")
    }
    return invocation
  }

  private static func command(from words: [String]) throws(AppError) -> Command {
    guard let name = words.first else { return .report }
    let rest = Array(words.dropFirst())
    let city = CityDao.trimmed(rest.joined(separator: " "))
    switch name {
    case "refresh", "cities":
      guard rest.isEmpty else {
        throw .usage("'\(name)' takes no arguments, but got '\(rest.joined(separator: " "))'.")
      }
      return name == "refresh" ? .refresh : .cities
    case "add", "remove", "select":
      guard !city.isEmpty else { throw .usage("'\(name)' needs a city name.") }
      return name == "add" ? .add(city) : name == "remove" ? .remove(city) : .select(city)
    default:
      throw .usage(
        "Unknown command '\(name)'. The commands are \(commandNames.joined(separator: ", ")).")
    }
  }
}
