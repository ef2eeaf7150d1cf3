import Foundation

/// Tells a table view how many sections and rows it has, and gives it the cell of each visible row.
///
/// ``numberOfSections(in:)`` is optional: its default returns 1. The table asks for a cell only for a row
/// that comes into view, and takes back the cells of rows that scroll away for reuse.
@MainActor
public protocol UITableViewDataSource: AnyObject {
    /// The number of rows in `section`.
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int
    /// The cell for the row at `indexPath`, usually from
    /// ``UITableView/dequeueReusableCell(withIdentifier:for:)``.
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell
    /// The number of sections. 1 by default.
    func numberOfSections(in tableView: UITableView) -> Int
}

extension UITableViewDataSource {
    public func numberOfSections(in tableView: UITableView) -> Int { 1 }
}
