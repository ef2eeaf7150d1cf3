import Foundation
import ResponderKit

/// `responder`: the command-line face of ResponderKit.
let usage = """
    usage: responder <command>

    commands:
      demo      play the built-in tour: scenes built in code, each with its trace
      help      show this text
    """

let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "demo":
    guard arguments.count == 1 else {
        FileHandle.standardError.write(Data("responder demo: unexpected argument '\(arguments[1])'\n\n\(usage)\n".utf8))
        exit(2)
    }
    MainActor.assumeIsolated { print(Demo.run()) }
case "help", "-h", "--help":
    print(usage)
case nil:
    FileHandle.standardError.write(Data("responder: missing command\n\n\(usage)\n".utf8))
    exit(2)
case let command?:
    FileHandle.standardError.write(Data("responder: unknown command '\(command)' (try 'responder demo')\n\n\(usage)\n".utf8))
    exit(2)
}
