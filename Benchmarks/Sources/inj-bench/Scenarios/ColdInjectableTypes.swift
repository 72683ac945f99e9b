import INJReflection

// Classes that hand their properties over through `Injectable`, each its own type, for the
// cold rows of the `injection` group: what the first object of each type costs in a fresh
// process. Each holds one property, named `dependency`.

/// Makes one instance of each cold `Injectable` type, nothing injected yet.
enum ColdInjectableTypes {
  static let make: [@Sendable () -> AnyObject] = [
    { ColdInjectable0() }, { ColdInjectable1() }, { ColdInjectable2() }, { ColdInjectable3() },
    { ColdInjectable4() }, { ColdInjectable5() },
    { ColdInjectable6() }, { ColdInjectable7() }, { ColdInjectable8() }, { ColdInjectable9() },
    { ColdInjectable10() }, { ColdInjectable11() },
    { ColdInjectable12() }, { ColdInjectable13() }, { ColdInjectable14() }, { ColdInjectable15() },
    { ColdInjectable16() }, { ColdInjectable17() },
    { ColdInjectable18() }, { ColdInjectable19() }, { ColdInjectable20() }, { ColdInjectable21() },
    { ColdInjectable22() }, { ColdInjectable23() },
  ]
}

final class ColdInjectable0: Injectable {
  var dependency: Leaf?

  func injectProperties(_ injector: inout PropertyInjector) throws {
    try injector.inject(&dependency, named: "dependency")
  }
}

final class ColdInjectable1: Injectable {
  var dependency: Leaf?

  func injectProperties(_ injector: inout PropertyInjector) throws {
    try injector.inject(&dependency, named: "dependency")
  }
}

final class ColdInjectable2: Injectable {
  var dependency: Leaf?

  func injectProperties(_ injector: inout PropertyInjector) throws {
    try injector.inject(&dependency, named: "dependency")
  }
}

final class ColdInjectable3: Injectable {
  var dependency: Leaf?

  func injectProperties(_ injector: inout PropertyInjector) throws {
    try injector.inject(&dependency, named: "dependency")
  }
}

final class ColdInjectable4: Injectable {
  var dependency: Leaf?

  func injectProperties(_ injector: inout PropertyInjector) throws {
    try injector.inject(&dependency, named: "dependency")
  }
}

final class ColdInjectable5: Injectable {
  var dependency: Leaf?

  func injectProperties(_ injector: inout PropertyInjector) throws {
    try injector.inject(&dependency, named: "dependency")
  }
}

final class ColdInjectable6: Injectable {
  var dependency: Leaf?

  func injectProperties(_ injector: inout PropertyInjector) throws {
    try injector.inject(&dependency, named: "dependency")
  }
}

final class ColdInjectable7: Injectable {
  var dependency: Leaf?

  func injectProperties(_ injector: inout PropertyInjector) throws {
    try injector.inject(&dependency, named: "dependency")
  }
}

final class ColdInjectable8: Injectable {
  var dependency: Leaf?

  func injectProperties(_ injector: inout PropertyInjector) throws {
    try injector.inject(&dependency, named: "dependency")
  }
}

final class ColdInjectable9: Injectable {
  var dependency: Leaf?

  func injectProperties(_ injector: inout PropertyInjector) throws {
    try injector.inject(&dependency, named: "dependency")
  }
}

final class ColdInjectable10: Injectable {
  var dependency: Leaf?

  func injectProperties(_ injector: inout PropertyInjector) throws {
    try injector.inject(&dependency, named: "dependency")
  }
}

final class ColdInjectable11: Injectable {
  var dependency: Leaf?

  func injectProperties(_ injector: inout PropertyInjector) throws {
    try injector.inject(&dependency, named: "dependency")
  }
}

final class ColdInjectable12: Injectable {
  var dependency: Leaf?

  func injectProperties(_ injector: inout PropertyInjector) throws {
    try injector.inject(&dependency, named: "dependency")
  }
}

final class ColdInjectable13: Injectable {
  var dependency: Leaf?

  func injectProperties(_ injector: inout PropertyInjector) throws {
    try injector.inject(&dependency, named: "dependency")
  }
}

final class ColdInjectable14: Injectable {
  var dependency: Leaf?

  func injectProperties(_ injector: inout PropertyInjector) throws {
    try injector.inject(&dependency, named: "dependency")
  }
}

final class ColdInjectable15: Injectable {
  var dependency: Leaf?

  func injectProperties(_ injector: inout PropertyInjector) throws {
    try injector.inject(&dependency, named: "dependency")
  }
}

final class ColdInjectable16: Injectable {
  var dependency: Leaf?

  func injectProperties(_ injector: inout PropertyInjector) throws {
    try injector.inject(&dependency, named: "dependency")
  }
}

final class ColdInjectable17: Injectable {
  var dependency: Leaf?

  func injectProperties(_ injector: inout PropertyInjector) throws {
    try injector.inject(&dependency, named: "dependency")
  }
}

final class ColdInjectable18: Injectable {
  var dependency: Leaf?

  func injectProperties(_ injector: inout PropertyInjector) throws {
    try injector.inject(&dependency, named: "dependency")
  }
}

final class ColdInjectable19: Injectable {
  var dependency: Leaf?

  func injectProperties(_ injector: inout PropertyInjector) throws {
    try injector.inject(&dependency, named: "dependency")
  }
}

final class ColdInjectable20: Injectable {
  var dependency: Leaf?

  func injectProperties(_ injector: inout PropertyInjector) throws {
    try injector.inject(&dependency, named: "dependency")
  }
}

final class ColdInjectable21: Injectable {
  var dependency: Leaf?

  func injectProperties(_ injector: inout PropertyInjector) throws {
    try injector.inject(&dependency, named: "dependency")
  }
}

final class ColdInjectable22: Injectable {
  var dependency: Leaf?

  func injectProperties(_ injector: inout PropertyInjector) throws {
    try injector.inject(&dependency, named: "dependency")
  }
}

final class ColdInjectable23: Injectable {
  var dependency: Leaf?

  func injectProperties(_ injector: inout PropertyInjector) throws {
    try injector.inject(&dependency, named: "dependency")
  }
}
