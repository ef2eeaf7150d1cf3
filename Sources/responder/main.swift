import ResponderKit
print("responder")
