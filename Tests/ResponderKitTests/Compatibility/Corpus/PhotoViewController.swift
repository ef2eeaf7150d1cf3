import ResponderKit

/// A screen that shows one photo: a double tap on the photo zooms it to twice its size and back, and a
/// single tap anywhere shows or hides the screen's controls once it is clear that no second tap is
/// coming. The controller builds its view in code and installs its recognizers in `viewDidLoad`, so
/// creating the controller does neither: the first read of `view` does both, once.
class PhotoViewController: UIViewController {
    /// The view that shows the photo, once the view is loaded.
    private(set) var photoView: UIView?
    /// Whether the photo is shown at twice its size.
    private(set) var isZoomed = false
    /// Whether the controls are hidden.
    private(set) var controlsHidden = false
    /// How many times `viewDidLoad` ran.
    private(set) var viewLoads = 0

    override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
        title = "Photo"
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    override func loadView() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        let photo = UIView(frame: CGRect(x: 60, y: 140, width: 200, height: 200))
        root.addSubview(photo)
        photoView = photo
        view = root
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        viewLoads += 1

        // On UIKit these two name their methods with selectors.
        let doubleTap = UITapGestureRecognizer(target: self, action: PhotoViewController.toggleZoom)
        doubleTap.numberOfTapsRequired = 2
        photoView?.addGestureRecognizer(doubleTap)

        let singleTap = UITapGestureRecognizer(target: self, action: PhotoViewController.toggleControls)
        singleTap.require(toFail: doubleTap)
        view.addGestureRecognizer(singleTap)
    }

    func toggleZoom(_ recognizer: UITapGestureRecognizer) {
        guard recognizer.state == .ended, let photoView else { return }
        isZoomed.toggle()
        photoView.transform = isZoomed ? CGAffineTransform(scaleX: 2, y: 2) : .identity
    }

    func toggleControls(_ recognizer: UITapGestureRecognizer) {
        guard recognizer.state == .ended else { return }
        controlsHidden.toggle()
    }
}
