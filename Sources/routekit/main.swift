import Foundation
import RouteKit

print("\(RouteKitInfo.name) \(RouteKitInfo.version)")
