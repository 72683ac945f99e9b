import Foundation
import INJContainer
import INJReflection

final class ProductsService: Sendable {}

final class ProductDetailsViewController {
  @Inject var productsService: ProductsService?
}

final class ProductsListViewController {
  @Inject var productsService: ProductsService?
  @Inject var productDetailsViewControllerProvider: (() -> ProductDetailsViewController)?
}

final class Counter: @unchecked Sendable {
  // Guarded by `lock`.
  private var count = 0
  private let lock = NSLock()

  func increment() {
    lock.withLock { count += 1 }
  }

  var value: Int {
    lock.withLock { count }
  }
}

final class Node {
  let child: Node?
  init(child: Node?) { self.child = child }
}
