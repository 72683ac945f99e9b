import Dispatch
import INJPrimitives
import Testing

@testable import INJContainer
@testable import INJReflection

/// The cell behind singletons and provider-closure factories: set once, read by any
/// thread without a lock. Run under ThreadSanitizer by `Scripts/sanitizers.sh`.
@Suite("Once words")
struct OnceWordTests {
  final class Object: Sendable {
    let serial: Int
    init(serial: Int) { self.serial = serial }
  }

  /// Keeps a once word in a word of its own, as an async resolution level does, and
  /// releases its object as it goes.
  final class Holder: Sendable {
    private let word = AtomicWords()

    var reference: OnceWord<Object> { OnceWord(word[0]) }

    deinit {
      reference.release()
    }
  }

  @Test func theFirstObjectSetWinsAndEveryThreadSeesIt() {
    for _ in 0..<50 {
      let holder = Holder()
      // A POSIX lock, which ThreadSanitizer sees.
      let winners = Locked<Set<Int>>([])
      DispatchQueue.concurrentPerform(iterations: 4) { thread in
        let kept = holder.reference.setIfEmpty(Object(serial: thread))
        winners.withLock { _ = $0.insert(kept.serial) }
        #expect(holder.reference.withObject(\.serial) == kept.serial)
      }
      #expect(winners.withLock { $0.count } == 1)
      #expect(holder.reference.withObject { $0 }?.serial == winners.withLock { $0.first })
    }
  }

  @Test func anEmptyReferenceHasNoObject() {
    let holder = Holder()
    #expect(holder.reference.withObject { $0 } == nil)
    #expect(holder.reference.withObject(\.serial) == nil)
  }

  @Test func theReferenceKeepsItsObjectAliveAndReleasesIt() {
    weak var released: Object?
    do {
      let holder = Holder()
      do {
        let object = Object(serial: 7)
        released = object
        _ = holder.reference.setIfEmpty(object)
        // A second object is not kept.
        _ = holder.reference.setIfEmpty(Object(serial: 8))
      }
      #expect(released?.serial == 7)
      #expect(holder.reference.withObject { $0 }?.serial == 7)
    }
    #expect(released == nil)
  }
}

/// The classes that keep atomic words inside themselves (``ObjectWords``): each one's
/// words are its first stored property, where the runtime placed them.
@Suite struct ObjectWordsPlacementTests {
  @Test func aNameSlotKeepsItsTwoWordsFirst() {
    let slot = NameSlot(name: "service", hash: "service".hashValue, id: 0)
    #expect(Self.firstField(of: slot)?.name == "words")
    #expect(Self.firstField(of: slot)?.offset == Self.storedPropertiesOffset(of: slot))
    #expect(MemoryLayout<(Int, Int)>.size == 2 * MemoryLayout<Int>.size)
    #expect(slot.registration == nil && slot.closureSlot == nil)
  }

  @Test func aProviderKeepsItsFourWordsFirst() throws {
    let container = Container()
    container.addProvider(forName: "shared", options: .singleton) { _ in Part() }
    let part = try container.value(forName: "shared", as: Part.self)
    let provider = try #require(
      container.lookup("shared", hash: "shared".hashValue)?.retained.provider)
    #expect(Self.firstField(of: provider)?.name == "words")
    #expect(Self.firstField(of: provider)?.offset == Self.storedPropertiesOffset(of: provider))
    #expect(MemoryLayout<(Int, Int, Int, Int)>.size == 4 * MemoryLayout<Int>.size)
    #expect(provider.singleton.value?.object === part)
    #expect(!provider.hasHooks)
    container.decorate("shared", as: Part.self) { product, _ in product }
    _ = container.isRegistered("shared")
    #expect(provider.hooks.count == 1)
  }

  @Test func aRegistrationKeepsItsWordFirst() throws {
    let container = Container()
    container.addProvider(forName: "part") { _ in Part() }
    let registration = try #require(
      container.lookup("part", hash: "part".hashValue)?.retained)
    #expect(Self.firstField(of: registration)?.name == "factoryWord")
    #expect(
      Self.firstField(of: registration)?.offset == Self.storedPropertiesOffset(of: registration))
  }

  @Test func aProviderReleasesItsSingletonAndARegistrationItsFactoryAsTheyGo() throws {
    weak var released: Part?
    weak var factory: ProviderFactory?
    do {
      let container = Container()
      container.addProvider(forName: "shared", options: .singleton) { _ in Part() }
      released = try container.value(forName: "shared", as: Part.self)
      _ = try container.value(forName: "sharedProvider", as: (() -> Part).self)
      let registration = try #require(
        container.lookup("shared", hash: "shared".hashValue)?.retained)
      let slot = try #require(container.names.slot(named: "shared", hash: "shared".hashValue))
      factory = registration.providerFactory(slot: slot.retained)
      #expect(released != nil)
      #expect(factory != nil)
    }
    #expect(released == nil)
    #expect(factory == nil)
  }

  final class Part: Sendable {}

  @Test func aPendingMarkKeepsItsWordFirst() {
    let mark = PendingMark()
    #expect(Self.firstField(of: mark)?.name == "word")
    #expect(Self.firstField(of: mark)?.offset == Self.storedPropertiesOffset(of: mark))
    #expect(!mark.mayHavePending)
    mark.set(true)
    #expect(mark.mayHavePending)
  }

  static func firstField(of object: AnyObject) -> (name: String, offset: Int)? {
    var first: (name: String, offset: Int)?
    _ = RuntimeFields.forEach(of: type(of: object)) { name, offset, _ in
      first = (name.string, offset)
      return false
    }
    return first
  }

  static func storedPropertiesOffset(of object: AnyObject) -> Int {
    _getUnsafePointerToStoredProperties(object)
      - UnsafeMutableRawPointer(
        Unmanaged.passUnretained(object).toOpaque())
  }
}
