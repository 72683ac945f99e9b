import INJContainer
import TestUtilities
import Testing

/// Collections checked against a reference model: random scripts of contributions,
/// plain registrations (some under a collection's name) and requests, seeded so that
/// a failure reproduces.
@Suite("Collection model")
struct CollectionModelTests {
  static let collections = ["sinks", "tasks"]
  static let plainNames = ["a", "b", "c"]

  /// What the model knows of a name: each registration, in order.
  enum Entry {
    case plain(String)
    case contribution(label: String, dependencies: [String])
  }

  /// What a request gives, as the model predicts it and as the container reports it.
  enum Outcome: Equatable {
    case value(String)
    case collection([String])
    case unknownName
    case duplicateName
    case other(String)
  }

  struct Model {
    var entries: [String: [Entry]] = [:]

    func resolve(_ name: String) -> Outcome {
      guard let own = entries[name], !own.isEmpty else { return .unknownName }
      let contributions = own.compactMap { entry -> (String, [String])? in
        if case .contribution(let label, let dependencies) = entry {
          (label, dependencies)
        } else {
          nil
        }
      }
      if contributions.count == own.count {
        var labels: [String] = []
        for (label, dependencies) in contributions {
          var parts: [String] = []
          for dependency in dependencies {
            switch resolve(dependency) {
            case .value(let value): parts.append(value)
            case let failure: return failure
            }
          }
          labels.append("\(label)(\(parts.joined(separator: ",")))")
        }
        return .collection(labels)
      }
      guard own.count == 1, case .plain(let value) = own[0] else { return .duplicateName }
      return .value(value)
    }

    /// The names registered more than once, not all as contributions.
    var duplicates: Set<String> {
      Set(
        entries.filter { _, own in
          own.count > 1
            && !own.allSatisfy { if case .contribution = $0 { true } else { false } }
        }.keys)
    }
  }

  @Test func agreesWithTheModel() throws {
    var seen: [String: Int] = [:]
    for index in 0..<300 {
      run(case: index, seen: &seen)
    }
    // The scripts reach every kind of outcome, so agreement means something.
    for kind in ["collection", "value", "unknownName", "duplicateName", "duplicates reported"] {
      #expect(seen[kind, default: 0] > 0, "no case reached \(kind)")
    }
  }

  private func run(case index: Int, seen: inout [String: Int]) {
    var random = ModelRandom(seed: ModelRandom.caseSeed(0xC011_EC70, case: index))
    let container = Container()
    var model = Model()
    var contributions = 0
    for step in 0..<24 {
      let roll = random.next(upperBound: UInt64(10))
      switch roll {
      case 0..<4:
        let collection = Self.collections[Int(random.next(upperBound: UInt64(2)))]
        let dependencies = (0..<Int(random.next(upperBound: UInt64(3)))).map { _ in
          Self.plainNames[Int(random.next(upperBound: UInt64(Self.plainNames.count)))]
        }
        contributions += 1
        let label = "\(collection)#\(contributions)"
        container.contribute(to: collection, dependencies: dependencies) { values in
          let parts = try dependencies.map { try values.value(forName: $0, as: String.self) }
          return "\(label)(\(parts.joined(separator: ",")))"
        }
        model.entries[collection, default: []].append(
          .contribution(label: label, dependencies: dependencies))
      case 4..<6:
        // A plain name, now and then a collection's name: a duplicate either way when
        // the name has registrations already.
        let names =
          Self.plainNames + (random.next(upperBound: UInt64(4)) == 0 ? Self.collections : [])
        let name = names[Int(random.next(upperBound: UInt64(names.count)))]
        let value = "\(name)@\(step)"
        container.addProvider(forName: name) { _ in value }
        model.entries[name, default: []].append(.plain(value))
      default:
        let names = Self.collections + Self.plainNames
        let name = names[Int(random.next(upperBound: UInt64(names.count)))]
        let expected = model.resolve(name)
        let actual: Outcome
        do {
          let value = try container.value(forName: name)
          if let strings = value as? [Any] {
            actual = .collection(strings.map { "\($0)" })
          } else {
            actual = .value("\(value)")
          }
        } catch let error as ResolutionError {
          switch error.reason {
          case .unknownName: actual = .unknownName
          case .duplicateName: actual = .duplicateName
          default: actual = .other("\(error)")
          }
        } catch {
          actual = .other("\(error)")
        }
        #expect(actual == expected, "case \(index), step \(step): \(name)")
        switch expected {
        case .collection: seen["collection", default: 0] += 1
        case .value: seen["value", default: 0] += 1
        case .unknownName: seen["unknownName", default: 0] += 1
        case .duplicateName: seen["duplicateName", default: 0] += 1
        case .other: break
        }
      }
    }
    let reported: Set<String>
    do {
      try container.checkForErrors()
      reported = []
    } catch let error as ValidationError {
      reported = Set(error.duplicateNames)
    } catch {
      Issue.record("checkForErrors threw \(error)")
      return
    }
    #expect(reported == model.duplicates, "case \(index)")
    seen["duplicates reported", default: 0] += reported.count
  }
}
