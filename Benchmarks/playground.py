#!/usr/bin/env python3
"""The playground on loopback: messages a second the server sustains, and the latency from a pointer
event in the page to its trace line on the page (p50, p99), in headless Chromium.

    swift build --product responder-serve            # or -c release, and pass its path
    python3 Benchmarks/playground.py [.build/debug/responder-serve]

Needs chromium and chromedriver (apt-get install chromium chromium-driver). Every wait is bounded;
all traffic stays on 127.0.0.1. Prints the figures BENCHMARKS.md quotes.
"""
import json, re, socket, statistics, struct, subprocess, sys, threading, time, http.client

SERVER = sys.argv[1] if len(sys.argv) > 1 else ".build/debug/responder-serve"


def start_server():
    process = subprocess.Popen([SERVER, "--port", "0", "--rate", "100000"], stdout=subprocess.PIPE)
    line = process.stdout.readline().decode()
    return process, int(re.search(r":(\d+)/", line).group(1))


class Socket:
    """A bare WebSocket client: masked text frames out, frames in."""
    def __init__(self, port):
        self.s = socket.create_connection(("127.0.0.1", port), timeout=30)
        self.s.sendall(b"GET /socket HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                       b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n")
        self.buf = b""
        while b"\r\n\r\n" not in self.buf:
            self.buf += self.s.recv(4096)
        self.buf = self.buf[self.buf.index(b"\r\n\r\n") + 4:]

    @staticmethod
    def frame(text):
        data, mask = text.encode(), b"\x01\x02\x03\x04"
        n = len(data)
        head = bytes([0x81]) + (bytes([0x80 | n]) if n < 126 else bytes([0x80 | 126]) + struct.pack(">H", n))
        return head + mask + bytes(c ^ mask[i % 4] for i, c in enumerate(data))

    def messages(self):
        while True:
            while len(self.buf) >= 2:
                n, off = self.buf[1] & 0x7F, 2
                if n == 126:
                    n, off = struct.unpack(">H", self.buf[2:4])[0], 4
                elif n == 127:
                    n, off = struct.unpack(">Q", self.buf[2:10])[0], 10
                if len(self.buf) < off + n:
                    break
                payload, self.buf = self.buf[off:off + n], self.buf[off + n:]
                yield json.loads(payload)
            chunk = self.s.recv(1 << 16)
            if not chunk:
                return
            self.buf += chunk

    def until(self, kind, id=None):
        for message in self.messages():
            if message.get("type") == kind and (id is None or message.get("id") == id):
                return message


def send_while_reading(client, batch):
    """Sends from a thread of its own: the server stops reading a page that does not read its replies."""
    sender = threading.Thread(target=client.s.sendall, args=(batch,), daemon=True)
    sender.start()
    return sender


def throughput(port):
    client = Socket(port)
    results = {}
    n = 5000
    batch = b"".join(Socket.frame('{"v":1,"type":"ping","id":%d}' % i) for i in range(n))
    start = time.perf_counter()
    send_while_reading(client, batch)
    client.until("pong", n - 1)
    results["ping"] = n / (time.perf_counter() - start)
    # Ten fingers moving, one message a frame, each played through the scene and traced.
    client.s.sendall(Socket.frame('{"v":1,"type":"load","scenario":"pan-over-swipe.yaml","id":1}'))
    client.until("scene", 1)
    fingers = lambda phase, dx: [{"id": f, "phase": phase, "x": 20 + 28 * f + dx, "y": 200} for f in range(1, 11)]
    frames = [json.dumps({"v": 1, "type": "input", "t": 0, "touches": fingers("began", 0)})]
    frames += [json.dumps({"v": 1, "type": "input", "t": 0, "touches": fingers("moved", i % 20)}) for i in range(1, 2000)]
    frames += [json.dumps({"v": 1, "type": "input", "t": 0, "touches": fingers("ended", 0)}),
               json.dumps({"v": 1, "type": "ping", "id": 424242})]
    batch = b"".join(Socket.frame(f) for f in frames)
    start = time.perf_counter()
    send_while_reading(client, batch)
    client.until("pong", 424242)
    results["ten-finger frames"] = (len(frames) - 1) / (time.perf_counter() - start)
    return results


def webdriver(port):
    def call(method, path, body=None):
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        connection.request(method, path, json.dumps(body) if body is not None else None, {"Content-Type": "application/json"})
        return json.loads(connection.getresponse().read())["value"]
    return call


def latency(server_port):
    driver_port = 9517
    driver = subprocess.Popen(["chromedriver", f"--port={driver_port}"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    call = webdriver(driver_port)
    for _ in range(100):
        try:
            if call("GET", "/status")["ready"]:
                break
        except OSError:
            time.sleep(0.1)
    session = call("POST", "/session", {"capabilities": {"alwaysMatch": {"browserName": "chrome", "goog:chromeOptions": {
        "binary": "/usr/bin/chromium", "args": ["--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1400,1500"]}}}})["sessionId"]
    base = f"/session/{session}"
    try:
        call("POST", base + "/url", {"url": f"http://127.0.0.1:{server_port}/?scenario=pan-over-swipe.yaml"})
        for _ in range(100):
            if call("POST", base + "/execute/sync", {"script": "return !!(window.playground && window.playground.scene)", "args": []}):
                break
            time.sleep(0.1)
        # The screen's top-left corner in the window (the picture has a margin around it for labels).
        left, top = call("POST", base + "/execute/sync", {"script": "return window.playground.clientPoint(0, 0)", "args": []})
        cdp = lambda cmd, params: call("POST", base + "/goog/cdp/execute", {"cmd": cmd, "params": params})
        cdp("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 10})
        points = lambda dx: [{"x": left + 20 + 28 * f + dx, "y": top + 200, "id": f} for f in range(1, 11)]
        # Ten fingers at 120 Hz for two seconds.
        cdp("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": points(0)})
        start = time.perf_counter()
        for i in range(1, 241):
            cdp("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": points(i % 30)})
            time.sleep(max(0, start + i / 120 - time.perf_counter()))
        cdp("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        time.sleep(1.0)
        state = call("POST", base + "/execute/sync", {"script": "return [window.playground.latencies, window.playground.errors, window.playground.inputs]", "args": []})
        return state
    finally:
        call("DELETE", base)
        driver.terminate()


def percentile(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p / 100 * (len(values) - 1))))]


if __name__ == "__main__":
    server, port = start_server()
    try:
        for name, rate in throughput(port).items():
            print(f"server, {name}: {rate:,.0f} messages/s")
        latencies, errors, inputs = latency(port)
        print(f"page, ten fingers at 120 Hz for 2 s: {inputs} frames sent, {len(latencies)} measured, {len(errors)} errors")
        print(f"pointer event to its trace line on the page: p50 {percentile(latencies, 50):.1f} ms, p99 {percentile(latencies, 99):.1f} ms, max {max(latencies):.1f} ms")
    finally:
        server.send_signal(2)
        try:
            print(f"Ctrl-C: exit status {server.wait(timeout=10)}")
        except subprocess.TimeoutExpired:
            server.kill()
            print("Ctrl-C: still running after 10 s")
