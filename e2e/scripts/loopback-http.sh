#!/usr/bin/env bash
# tools/bench/LoopbackHttp.java, the load drivers' HTTP/1.1 client, against a small Python server on loopback: bodies
# by Content-Length, chunked, absent (204) and ended by the connection's close; a kept-alive connection reused, one the
# server asked to close or closed while it lay idle replaced (the request answered once); an answer that is not HTTP,
# a malformed status and a server that never answers refused with an error (the latter after the client's timeout);
# anything but plain HTTP to loopback refused before it connects.
# Starts no stack.
set -uo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
cd "$repo" || exit 2
work=$(mktemp -d)
server_pid=""
cleanup() {
  [ -z "$server_pid" ] || kill "$server_pid" 2>/dev/null
  rm -rf "$work"
}
trap cleanup EXIT

cat > "$work/server.py" <<'PY'
import socket, sys, threading, time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

connections = set()

class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def answer(self, body, extra=()):
        self.send_response(200)
        for name, value in extra:
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def handle_one_request(self):
        connections.add(self.client_address)
        super().handle_one_request()

    def do_GET(self):
        if self.path == "/length":
            self.answer(b"abc")
        elif self.path == "/connections":
            self.answer(str(len(connections)).encode())
        elif self.path == "/chunked":
            self.send_response(200)
            self.send_header("Transfer-Encoding", "chunked")
            self.end_headers()
            self.wfile.write(b"5\r\nhello\r\n6;ext=1\r\n world\r\n0\r\nTrailer: x\r\n\r\n")
        elif self.path == "/close":
            self.answer(b"closing", [("Connection", "close")])
            self.close_connection = True
        elif self.path == "/then-drop":
            # answered as kept alive, then closed: the client finds out on its next request
            self.answer(b"dropped")
            self.close_connection = True
        elif self.path == "/no-content":
            self.send_response(204)
            self.end_headers()
        elif self.path == "/until-close":
            self.wfile.write(b"HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n\r\nbye")
            self.close_connection = True
        elif self.path == "/bad-status":
            self.wfile.write(b"HTTP/1.1 abc OK\r\nContent-Length: 0\r\n\r\n")
            self.close_connection = True
        elif self.path == "/garbage":
            self.wfile.write(b"SPDY/9 nonsense\r\n\r\n")
            self.close_connection = True
        elif self.path == "/silent":
            time.sleep(3)
            self.close_connection = True

    def do_POST(self):
        body = self.rfile.read(int(self.headers["Content-Length"]))
        self.answer(b"got " + body + b" " + self.headers["X-Test"].encode())

server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
print(server.server_address[1], flush=True)
server.serve_forever()
PY
python3 "$work/server.py" > "$work/port" 2> "$work/server.log" &
server_pid=$!
for _ in $(seq 1 50); do [ -s "$work/port" ] && break; sleep 0.1; done
port=$(head -1 "$work/port")
[ -n "$port" ] || { echo "the test server did not start: $(cat "$work/server.log")"; exit 1; }

mkdir -p "$work/classes"
cat > "$work/Check.java" <<'JAVA'
import java.io.UncheckedIOException;

public class Check {
    static int failures = 0;

    static void expect(String what, Object actual, Object expected) {
        if (!expected.equals(actual)) {
            System.err.println("FAILED: " + what + ": expected [" + expected + "], got [" + actual + "]");
            failures++;
        }
    }

    static void refused(String what, Runnable call) {
        try {
            call.run();
            System.err.println("FAILED: " + what + ": no error");
            failures++;
        } catch (UncheckedIOException | IllegalArgumentException e) {
            System.out.println(what + ": " + e);
        }
    }

    public static void main(String[] args) {
        String base = "http://127.0.0.1:" + args[0];
        LoopbackHttp http = new LoopbackHttp(base, 1000);
        expect("content-length body", http.send("GET", "/length", null).body(), "abc");
        expect("chunked body", http.send("GET", "/chunked", null).body(), "hello world");
        expect("request body and headers", http.send("POST", "/echo", "ping", "X-Test", "yes").body(), "got ping yes");
        expect("one connection so far", http.send("GET", "/connections", null).body(), "1");
        expect("Connection: close answered", http.send("GET", "/close", null).body(), "closing");
        expect("a new connection after close", http.send("GET", "/connections", null).body(), "2");
        expect("answered, then dropped", http.send("GET", "/then-drop", null).body(), "dropped");
        expect("a dropped idle connection replaced", http.send("POST", "/echo", "again", "X-Test", "1").body(),
                "got again 1");
        expect("the replacement counted", http.send("GET", "/connections", null).body(), "3");
        expect("header names in any case", http.send("GET", "/length", null).header("CONTENT-length"), "3");
        LoopbackHttp.Response empty = http.send("GET", "/no-content", null);
        expect("204 without a body", empty.status() + " [" + empty.body() + "]", "204 []");
        expect("kept after a 204", http.send("GET", "/connections", null).body(), "3");
        expect("a body ended by the close", http.send("GET", "/until-close", null).body(), "bye");
        expect("a new connection after it", http.send("GET", "/connections", null).body(), "4");
        refused("a malformed status", () -> http.send("GET", "/bad-status", null));
        refused("not HTTP", () -> http.send("GET", "/garbage", null));
        refused("no answer within the timeout", () -> http.send("GET", "/silent", null));
        expect("usable after errors", http.send("GET", "/length", null).body(), "abc");
        refused("not loopback", () -> new LoopbackHttp("http://192.0.2.1:80", 1000));
        refused("not plain HTTP", () -> new LoopbackHttp("https://127.0.0.1:" + args[0], 1000));
        System.exit(failures == 0 ? 0 : 1);
    }
}
JAVA
javac -d "$work/classes" "$work/Check.java" tools/bench/LoopbackHttp.java || { echo "cannot compile"; exit 1; }
timeout 60 java -cp "$work/classes" Check "$port"
