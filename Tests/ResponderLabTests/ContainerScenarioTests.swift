import Foundation
import Testing
import ResponderKit
@testable import ResponderLab

/// The lab's `table` and `collection` view kinds: their keys and errors, the names of their cells and
/// recognizers, the JSON of their records, and what `explain --row` and `--control` say.
@MainActor
@Suite struct ContainerScenarioTests {
    private func scenario(_ name: String) -> String { Lab.bundledScenarios.appendingPathComponent(name).path }

    @Test func explainSaysWhyARowHighlightedLate() {
        let result = Captured.explain(scenario("table-button-highlights-late.yaml"), .row("list.3"))
        #expect(result.code == 0, "\(result.errorText)")
        #expect(result.outText.contains("highlighted for touch #1, 0.15 s after the finger went down"))
        #expect(result.outText.contains("delaysContentTouches holds back while it waits to see whether the user scrolls (S1, T1)"))
        #expect(result.outText.contains("selected when the finger lifted"))
    }

    @Test func explainSaysWhyAButtonInACellHighlightedLate() {
        let result = Captured.explain(scenario("table-button-highlights-late.yaml"), .control("buy.2"))
        #expect(result.outText.contains("touchesBegan of touch #1 waited 0.15 s: delaysContentTouches ('list' held it"))
        #expect(result.outText.contains("'buy.2' sent touchDown"))
    }

    @Test func explainSaysTheButtonsTapDoesNotSelectTheRowAndWhyItsDragCancelledIt() {
        let row = Captured.explain(scenario("table-button-does-not-select-row.yaml"), .row("list.2"))
        #expect(row.outText.contains("landed on 'buy.2', a UIButton in row 2: a control keeps its touches"))
        #expect(row.outText.contains("(T5)"))
        // The button of row 4 scrolled away and its cell shows another row now: its old name still answers.
        let control = Captured.explain(scenario("table-button-does-not-select-row.yaml"), .control("buy.4"))
        #expect(control.code == 0, "\(control.errorText)")
        #expect(control.outText.contains("'list' began dragging and touchesShouldCancel(in:) returned true (S3, S4)"))
    }

    @Test func explainSaysTheCellsPanKeptTheSwipeFromBeginning() {
        let result = Captured.explain(scenario("table-cell-pan-blocks-swipe.yaml"), .row("list.1"))
        #expect(result.outText.contains("'rowPan.1'"))
        #expect(result.outText.contains("kept the swipe from beginning (R5, R6): no swipe actions showed (T6)"))
        let fixed = Captured.explain(scenario("table-cell-pan-blocks-swipe.yaml"), .row("fixed.1"))
        #expect(fixed.outText.contains("its actions stayed open, 148 pt showing"))
    }

    @Test func explainSaysAScrollCancelledTheRowsTouch() {
        let result = Captured.explain(scenario("table-scroll-selects-nothing.yaml"), .row("list.2"))
        #expect(result.outText.contains("Row 2 of 'list' was never selected, though it was highlighted."))
        #expect(result.outText.contains("'list.pan', the table's pan, began: the user scrolled (S3, T3)"))
        #expect(result.outText.contains("the previous selection stays (T3)"))
    }

    @Test func explainSaysATouchElsewhereOnlyHidSwipeActions() {
        let result = Captured.explain(scenario("table-swipe-actions.yaml"), .row("list.5"))
        #expect(result.outText.contains("'list.swipe-dismissal' hid a row's swipe actions: while they show, a touch elsewhere only hides them (T6)"))
    }

    @Test func explainSaysAnItemThatDeclinedItsHighlightWasNotSelected() {
        let result = Captured.explain(scenario("collection-selection.yaml"), .row("grid.7"))
        #expect(result.outText.contains("Item 7 of 'grid' was never selected."))
        #expect(result.outText.contains("shouldHighlight answered false, which also bypasses the selection (T2)"))
    }

    @Test func anUnknownRowIsReportedWithTheRowsThereAre() {
        let result = Captured.explain(scenario("table-swipe-actions.yaml"), .row("list.99"))
        #expect(result.code == 2)
        #expect(result.errorText.contains("no row named 'list.99'"))
        #expect(result.errorText.contains("list.0, list.29"))
    }

    @Test func cellsAndTheirContentAreNamedByRowAndTheTablesRecognizersByTheTable() {
        let path = temporaryScenario("""
            name: names
            windows:
              - name: window
                subviews:
                  - name: list
                    kind: table
                    frame: [0, 0, 320, 480]
                    rows: [2, 3]
                    section-header-height: 20
                    cell:
                      subviews:
                        - { name: badge, frame: [0, 0, 40, 40] }
                      recognizers:
                        - { kind: tap, name: rowTap, requires-failure-of: [list.swipe] }
            script:
              - tap: [300, 140]
            """)
        let result = Captured.run([path])
        #expect(result.code == 0, "\(result.errorText)")
        // Section 1's header at 108, its row 0 at 128.
        #expect(result.outText.contains("bound to 'list.1.0.content'"))
        #expect(result.outText.contains("rowTap.1.0"))
        #expect(result.outText.contains("wants ended, waiting for 'list.swipe' to fail"))
    }

    @Test func tableAndCollectionKeysAreCheckedWithTheirLines() {
        let path = temporaryScenario("""
            name: bad
            windows:
              - name: window
                subviews:
                  - name: panel
                    rows: 3
                  - name: list
                    kind: table
                    rows: 3
                    item-size: [10, 10]
                    content-size: [320, 1000]
                    selected: [5]
                    will-select: [[1, maybe]]
                    style: fancy
                  - name: grid
                    kind: collection
                    items: -1
                    trailing-actions: [Delete]
            script:
              - tap: [1, 1]
            """)
        let result = Captured.run([path])
        #expect(result.code == 2)
        let text = result.errorText
        #expect(text.contains(":6:9: 'rows' is for tables and collections; 'panel' is a view (set kind: table or collection)"), "\(text)")
        #expect(text.contains("'item-size' is for a collection; 'list' is a table"))
        #expect(text.contains("'content-size' is not for a table"))
        #expect(text.contains("there is no row 5 in section 0"))
        #expect(text.contains("must be a whole number, not maybe") || text.contains("the row will-select chooses"))
        #expect(text.contains("unknown table style 'fancy'") || text.contains("'fancy'"))
        #expect(text.contains("items must be from 0"))
        #expect(text.contains("'trailing-actions' is for a table; 'grid' is a collection"))
    }

    @Test func aContainerOfTooManyRowsIsRefusedAtTheLimit() {
        var limits = ScenarioLimits.standard
        limits.containerRows = 100
        let path = temporaryScenario("""
            name: long
            windows:
              - name: window
                subviews:
                  - { name: list, kind: table, rows: [60, 60] }
            script:
              - tap: [1, 1]
            """)
        do {
            _ = try Lab.load(path, limits: limits)
            Issue.record("a table of 120 rows loaded within a limit of 100")
        } catch {
            #expect(error.description.contains("at most 100 rows in one table"))
        }
    }

    @Test func selectionAndSwipeRecordsHaveTheirFieldsInJSON() throws {
        let result = Captured.run([scenario("table-swipe-actions.yaml")], format: .json)
        let selection = try #require(result.out.first { $0.contains("\"kind\":\"swipeActions\"") && $0.contains("\"began\"") })
        #expect(selection.contains("\"row\":[0,2]"))
        #expect(selection.contains("\"actions\":[\"Archive\",\"Delete\"]"))
        #expect(selection.contains("\"edge\":\"trailing\""))
        let grid = Captured.run([scenario("collection-selection.yaml")], format: .json)
        let highlighted = try #require(grid.out.first { $0.contains("\"kind\":\"highlighted\"") })
        #expect(highlighted.contains("\"heldFor\":0.15"))
        #expect(highlighted.contains("\"item\":[0,4]"))
        #expect(highlighted.contains("\"onLift\":false"))
    }

    /// An application's table, with a data source of its own: no scenario names its cells.
    final class Rows: UITableViewDataSource {
        func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 30 }
        func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
            tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
        }
    }

    @Test func explainFindsRowsInATraceFileAnApplicationWrote() throws {
        let application = UIApplication()
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480), application: application)
        let table = UITableView(frame: window.bounds)
        let rows = Rows()
        table.accessibilityIdentifier = "list"
        table.register(UITableViewCell.self, forCellReuseIdentifier: "row")
        table.dataSource = rows
        window.addSubview(table)
        window.makeKeyAndVisible()
        // A visible window is held by its application: hidden at the end, the scene is freed.
        defer { window.isHidden = true }
        let recorder = FlightRecorder(capacity: 500)
        application.tracer = recorder
        EventSimulator(application: application).tap(at: CGPoint(x: 100, y: 110))     // row 2: 88…132
        let file = try CapturedTrace(json: CapturedTrace(records: recorder.records, application: application).json())
        #expect(file.scenes.last?.windows.first?.subviews.first?.container == SceneSnapshot.Container(kind: .table, counts: [30]))
        let lines = try file.explain(.row("list.2"))
        #expect(lines.contains { $0.contains("selected when the finger lifted") }, "\(lines)")
        do {
            _ = try file.explain(.row("list.30"))
            Issue.record("row 30 of 30 rows was explained")
        } catch {
            #expect(error.message.contains("no row named 'list.30'") && error.message.contains("list.0, list.29"), "\(error.message)")
        }
    }
}
