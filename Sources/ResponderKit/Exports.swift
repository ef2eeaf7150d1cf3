// `import UIKit` brings Foundation with it (CGFloat, CGPoint, CGRect, NSCoder, atan2…), and code written
// for UIKit relies on that. `import ResponderKit` does the same, so such code compiles with only its
// import line changed.
@_exported import Foundation
