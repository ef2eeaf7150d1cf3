import ResponderKit

// snippet.table
/// A list of ten fruits that prints what its table tells it.
@MainActor final class Fruits: UITableViewDataSource, UITableViewDelegate {
    let names = ["apple", "banana", "cherry", "date", "elderberry", "fig", "grape", "kiwi", "lemon", "mango"]

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { names.count }
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "fruit", for: indexPath)
        cell.textLabel?.text = names[indexPath.row]
        return cell
    }
    func tableView(_ tableView: UITableView, didHighlightRowAt indexPath: IndexPath) {
        print("didHighlight", names[indexPath.row])
    }
    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        print("didSelect", names[indexPath.row])
    }
    func tableView(_ tableView: UITableView,
                   trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> UISwipeActionsConfiguration? {
        let delete = UIContextualAction(style: .destructive, title: "Delete") { [names] _, _, completion in
            print("delete", names[indexPath.row])
            completion(true)
        }
        return UISwipeActionsConfiguration(actions: [delete])
    }
}
// snippet.end

// snippet.scene
let app = UIApplication()
let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480), application: app)
window.makeKeyAndVisible()
let table = UITableView(frame: window.bounds, style: .plain)
let fruits = Fruits()
table.register(UITableViewCell.self, forCellReuseIdentifier: "fruit")
table.dataSource = fruits
table.delegate = fruits
window.addSubview(table)
// snippet.end

// snippet.touches
let sim = EventSimulator(application: app)
sim.touchDown(1, at: CGPoint(x: 100, y: 66))     // row 1: rows are 44 pt high
sim.advance(by: 0.1)                              // nothing yet: the table holds the touch back
sim.advance(by: 0.1)                              // didHighlight banana (at 0.15 s)
sim.touchUp(1)                                    // didSelect banana
// A leftward swipe on row 2 reveals its action; a tap on it calls the handler.
sim.drag(from: CGPoint(x: 300, y: 110), to: CGPoint(x: 180, y: 110), duration: 0.2, steps: 12)
sim.tap(at: CGPoint(x: 290, y: 110))              // delete cherry
// snippet.end
// snippet.hide
precondition(table.indexPathForSelectedRow == IndexPath(row: 1, section: 0))
precondition(!table.isEditing, "the handler's completion hid the action")
// snippet.show
