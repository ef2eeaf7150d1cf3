#!/usr/bin/env python3
"""The playground server under hostile load, on loopback: its memory (the resident size of the server and
every process it started) and the latency a second page sees, while one page misbehaves.

    swift build --product responder-serve
    python3 Benchmarks/playground-overload.py [.build/debug/responder-serve]

Phases, each bounded in time:
  slow reader   one page sends input frames under the rate limit and never reads a reply
  heavy page    one page loads a scene of 250 tap recognizers on one view and sends taps and explains
  big loads     one page sends 1,000 loads of a 230 KiB scene at once, without reading
  pings         one page sends 500,000 WebSocket ping frames, without reading
  big frame     one page sends a 64 MiB text frame
While each runs, a second page sends a `ping` message every 100 ms and times its `pong` (10 s at most).
Memory is the resident size of the server and the processes it started (each page's session), with
the server process alone in parentheses; it is measured from when the second page is connected.
The first page then stays open 5 s more, still not reading, and closes; the script waits 3 s and reports the memory and the CPU time the server
still used over those 3 s (work left behind). No browser is needed; all traffic stays on 127.0.0.1.
"""
import json, os, re, select, socket, struct, subprocess, sys, threading, time

SERVER = sys.argv[1] if len(sys.argv) > 1 else ".build/debug/responder-serve"
TICKS = os.sysconf("SC_CLK_TCK")
PAGE = os.sysconf("SC_PAGE_SIZE")


def tree(pid):
    """The process and every process it started, recursively."""
    pids, queue = [], [pid]
    while queue:
        p = queue.pop()
        pids.append(p)
        try:
            for task in os.listdir(f"/proc/{p}/task"):
                with open(f"/proc/{p}/task/{task}/children") as f:
                    queue += [int(c) for c in f.read().split()]
        except OSError:
            pass
    return pids


def rss_mib(pid, alone=False):
    """Resident memory of the process (alone) or of it and every process it started."""
    total = 0
    for p in ([pid] if alone else tree(pid)):
        try:
            with open(f"/proc/{p}/statm") as f:
                total += int(f.read().split()[1]) * PAGE
        except OSError:
            pass
    return total / (1 << 20)


def cpu_seconds(pid):
    """CPU time of the process and every process it started, those already ended included."""
    total = 0
    for p in tree(pid):
        try:
            with open(f"/proc/{p}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            # utime and stime; for the server, also cutime and cstime: its children that ended.
            total += sum(int(v) for v in fields[11:15 if p == pid else 13]) / TICKS
        except OSError:
            pass
    return total


class Page:
    """A bare WebSocket client: masked frames out, frames in, every read bounded in time."""

    def __init__(self, port, timeout=10):
        self.s = socket.create_connection(("127.0.0.1", port), timeout=timeout)
        self.s.sendall(b"GET /socket HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                       b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n")
        self.buf = b""
        while b"\r\n\r\n" not in self.buf:
            chunk = self.s.recv(4096)
            if not chunk:
                raise OSError("closed during the handshake")
            self.buf += chunk
        self.buf = self.buf[self.buf.index(b"\r\n\r\n") + 4:]
        self.fragments = None

    @staticmethod
    def frame(payload, opcode=1):
        data = payload.encode() if isinstance(payload, str) else payload
        mask, n = b"\x01\x02\x03\x04", len(data)
        if n < 126:
            head = bytes([0x80 | opcode, 0x80 | n])
        elif n < 65536:
            head = bytes([0x80 | opcode, 0x80 | 126]) + struct.pack(">H", n)
        else:
            head = bytes([0x80 | opcode, 0x80 | 127]) + struct.pack(">Q", n)
        masked = bytes(b ^ mask[i % 4] for i, b in enumerate(data)) if n < 4096 else \
            (int.from_bytes(data, "big") ^ int.from_bytes((mask * (n // 4 + 1))[:n], "big")).to_bytes(n, "big")
        return head + mask + masked

    def send(self, message):
        self.s.sendall(self.frame(json.dumps(message)))

    def next(self, deadline):
        """The next message (a dict), or None at the deadline or when the socket closes."""
        while True:
            if len(self.buf) >= 2:
                n, off = self.buf[1] & 0x7F, 2
                if n == 126 and len(self.buf) >= 4:
                    n, off = struct.unpack(">H", self.buf[2:4])[0], 4
                elif n == 127 and len(self.buf) >= 10:
                    n, off = struct.unpack(">Q", self.buf[2:10])[0], 10
                if n < 126 or off > 2:
                    if len(self.buf) >= off + n:
                        head, payload, self.buf = self.buf[0], self.buf[off:off + n], self.buf[off + n:]
                        opcode, fin = head & 0x0F, head & 0x80
                        if opcode == 8:
                            return None
                        if opcode == 1 or (opcode == 0 and self.fragments is not None):
                            self.fragments = (self.fragments or b"") + payload
                            if fin:
                                text, self.fragments = self.fragments, None
                                return json.loads(text)
                        continue
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([self.s], [], [], left)[0]:
                return None
            chunk = self.s.recv(1 << 16)
            if not chunk:
                return None
            self.buf += chunk

    def until(self, kind, id=None, timeout=10):
        deadline = time.monotonic() + timeout
        while (message := self.next(deadline)) is not None:
            if message.get("type") == kind and (id is None or message.get("id") == id):
                return message
        return None

    def close(self):
        try:
            self.s.close()
        except OSError:
            pass


class Prober(threading.Thread):
    """A second page: a `ping` message every 100 ms, each answered or given up after 10 s."""

    def __init__(self, port):
        super().__init__(daemon=True)
        self.port, self.latencies, self.lost, self.stop = port, [], 0, False

    def run(self):
        try:
            page = Page(self.port)
        except OSError:
            self.lost += 1
            return
        page.send({"v": 1, "type": "hello", "id": 0})
        page.until("hello", 0)
        i = 0
        while not self.stop:
            i += 1
            start = time.monotonic()
            page.send({"v": 1, "type": "ping", "id": i})
            if page.until("pong", i, timeout=10) is None:
                self.lost += 1
            else:
                self.latencies.append((time.monotonic() - start) * 1000)
            time.sleep(max(0, start + 0.1 - time.monotonic()))
        page.close()


def percentile(values, p):
    if not values:
        return float("nan")
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p / 100 * (len(values) - 1))))]


def heavy_scene(recognizers):
    lines = ["name: heavy", "windows:", "  - name: window", "    frame: [0, 0, 320, 480]", "    subviews:",
             "      - name: photo", "        frame: [0, 0, 320, 480]", "        recognizers:"]
    lines += [f"          - {{ kind: tap, name: t{i} }}" for i in range(recognizers)]
    return "\n".join(lines) + "\nscript: []\n"


def big_scene(size):
    lines = ["name: big", "windows:", "  - name: window", "    frame: [0, 0, 320, 480]", "    subviews:"]
    i = 0
    while sum(len(l) + 1 for l in lines) < size:
        lines.append(f"      - {{ name: v{i}, frame: [{i % 300}, {i % 400}, 10, 10] }}")
        i += 1
    return "\n".join(lines) + "\nscript: []\n"


def slow_reader(page, seconds):
    page.send({"v": 1, "type": "load", "scenario": "pan-over-swipe.yaml", "id": 1})
    page.until("scene", 1)
    page.s.setblocking(False)
    sent, t, start = 0, 0.0, time.monotonic()
    pending = Page.frame(json.dumps({"v": 1, "type": "input", "t": 0, "touches": [{"id": 1, "phase": "began", "x": 40, "y": 200}]}))
    while time.monotonic() - start < seconds:
        # 1,800 frames a second, under the default rate of 2,000; a send that would block is retried.
        due = int((time.monotonic() - start) * 1800)
        while sent < due:
            if not pending:
                t += 1 / 1800
                pending = Page.frame(json.dumps({"v": 1, "type": "input", "t": round(t, 5),
                                                 "touches": [{"id": 1, "phase": "moved", "x": 40 + sent % 200, "y": 200}]}))
            try:
                n = page.s.send(pending)
                pending = pending[n:]
                if pending:
                    break
                sent += 1
            except BlockingIOError:
                break
        time.sleep(0.005)
    return f"{sent:,} input frames in {seconds} s"


def heavy_page(page, seconds):
    page.send({"v": 1, "type": "load", "yaml": heavy_scene(250), "name": "heavy.yaml", "id": 1})
    page.until("scene", 1, timeout=60)
    page.s.setblocking(False)
    sent, start, t = 0, time.monotonic(), 0.0
    while time.monotonic() - start < seconds:
        t += 0.5
        frames = [{"v": 1, "type": "input", "t": t, "touches": [{"id": 1, "phase": "began", "x": 100, "y": 100}]},
                  {"v": 1, "type": "input", "t": t + 0.05, "touches": [{"id": 1, "phase": "ended", "x": 100, "y": 100}]},
                  {"v": 1, "type": "explain", "view": "photo"}]
        try:
            page.s.send(b"".join(Page.frame(json.dumps(f)) for f in frames))
            sent += 3
        except BlockingIOError:
            pass
        time.sleep(0.05)
    return f"{sent} messages (taps and explains) in {seconds} s"


def big_loads(page, count):
    text = big_scene(230 * 1024)
    frame = Page.frame(json.dumps({"v": 1, "type": "load", "yaml": text, "name": "big.yaml"}))
    page.s.settimeout(20)
    sent = 0
    try:
        for _ in range(count):
            page.s.sendall(frame)
            sent += 1
    except OSError:
        pass
    return f"{sent:,} loads of {len(text) // 1024} KiB sent"


def pings(page, count):
    batch = Page.frame(b"x" * 8, opcode=9) * 1000
    page.s.settimeout(20)
    sent = 0
    try:
        for _ in range(count // 1000):
            page.s.sendall(batch)
            sent += 1000
    except OSError:
        pass
    return f"{sent:,} ping frames sent"


def big_frame(page, size):
    head = bytes([0x81, 0x80 | 127]) + struct.pack(">Q", size) + b"\x00\x00\x00\x00"
    page.s.settimeout(20)
    sent = 0
    try:
        page.s.sendall(head)
        chunk = b" " * (1 << 20)
        while sent < size:
            page.s.sendall(chunk[:min(len(chunk), size - sent)])
            sent += min(len(chunk), size - sent)
    except OSError:
        pass
    return f"{sent >> 20} MiB of one frame sent"


def phase(name, port, pid, work):
    prober = Prober(port)
    prober.start()
    time.sleep(0.5)
    base = rss_mib(pid)
    peak, peak_alone = [base], [rss_mib(pid, alone=True)]
    done = threading.Event()

    def sample():
        while not done.is_set():
            peak[0] = max(peak[0], rss_mib(pid))
            peak_alone[0] = max(peak_alone[0], rss_mib(pid, alone=True))
            time.sleep(0.1)
    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    page = Page(port)
    page.send({"v": 1, "type": "hello", "id": 0})
    started = time.monotonic()
    what = work(page)
    # The page stays open, still not reading, for 5 s more: what the server holds for it then.
    time.sleep(5)
    held = rss_mib(pid)
    page.close()
    closed = time.monotonic()
    cpu0 = cpu_seconds(pid)
    time.sleep(3)
    cpu_after = cpu_seconds(pid) - cpu0
    prober.stop = True
    prober.join(timeout=15)
    done.set()
    sampler.join()
    after = rss_mib(pid)
    alive = Page(port)
    alive.send({"v": 1, "type": "hello", "id": 1})
    t = time.monotonic()
    answered = alive.until("hello", 1, timeout=10)
    hello_ms = (time.monotonic() - t) * 1000 if answered else float("inf")
    alive.close()
    print(f"\n{name}: {what} ({closed - started:.1f} s)")
    print(f"  memory: {base:.0f} MiB before, peak {peak[0]:.0f} MiB (the server process alone {peak_alone[0]:.0f} MiB), "
          f"{held:.0f} MiB when the page closed, {after:.0f} MiB 3 s later")
    print(f"  CPU used in the 3 s after the page closed: {cpu_after:.2f} s")
    print(f"  second page's ping: p50 {percentile(prober.latencies, 50):.1f} ms, p99 {percentile(prober.latencies, 99):.1f} ms, "
          f"max {max(prober.latencies, default=float('nan')):.1f} ms, {len(prober.latencies)} answered, {prober.lost} unanswered (10 s)")
    print(f"  a new page's hello after it: {hello_ms:.0f} ms")


def start_server():
    process = subprocess.Popen([SERVER, "--port", "0"], stdout=subprocess.PIPE)
    return process, int(re.search(r":(\d+)/", process.stdout.readline().decode()).group(1))


def stop_server(process):
    if process.poll() is not None:
        print(f"  the server is gone (exit status {process.returncode})")
        return
    process.send_signal(15)
    try:
        print(f"  SIGTERM: exit status {process.wait(timeout=10)}")
    except subprocess.TimeoutExpired:
        process.kill()
        print("  SIGTERM: still running after 10 s")


if __name__ == "__main__":
    phases = {
        "slow reader": lambda page: slow_reader(page, 15),
        "heavy page": lambda page: heavy_page(page, 15),
        "big loads": lambda page: big_loads(page, 1000),
        "pings": lambda page: pings(page, 500_000),
        "big frame": lambda page: big_frame(page, 64 << 20),
    }
    only = os.environ.get("PHASES")
    for name, work in phases.items():
        if only and name not in only.split(","):
            continue
        # A fresh server for each phase, so that none inherits another's load.
        process, port = start_server()
        try:
            phase(name, port, process.pid, work)
        except OSError as error:
            print(f"\n{name}: {error}")
        finally:
            stop_server(process)
