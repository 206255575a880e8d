"""`catalog-build mcp` under a hostile or careless client, speaking raw JSON-RPC lines: numbers no
Int holds, a client that stops reading while it sends hundreds of requests, a message of several
megabytes and one over the limit, ids that are neither strings nor integers, a revision with a
NUL. Every request gets exactly one whole, parsable answer (or a JSON-RPC error), and the server
stays up."""

import json
import pathlib
import select
import shutil
import subprocess
import time

import pytest

REPOSITORY = pathlib.Path(__file__).resolve().parents[2]
BINARY = REPOSITORY / ".build" / "debug" / "catalog-build"


class Server:
    def __init__(self, catalog):
        self.process = subprocess.Popen([str(BINARY), "mcp", "--source", str(catalog)], stdin=subprocess.PIPE,
                                         stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        self.buffer = b""
        self.send({"jsonrpc": "2.0", "id": 0, "method": "initialize",
                   "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}})
        assert self.answers(1)[0]["id"] == 0
        self.send({"jsonrpc": "2.0", "method": "notifications/initialized"})

    def send(self, message):
        self.send_line(json.dumps(message).encode())

    def send_line(self, line):
        self.process.stdin.write(line + b"\n")
        self.process.stdin.flush()

    def answers(self, count, timeout=60):
        """The next `count` lines, each parsed (a line that is not JSON fails the test)."""
        lines = []
        deadline = time.monotonic() + timeout
        while len(lines) < count:
            while b"\n" not in self.buffer:
                left = deadline - time.monotonic()
                assert left > 0, f"only {len(lines)} of {count} answers within {timeout} s"
                ready, _, _ = select.select([self.process.stdout], [], [], left)
                if not ready:
                    continue
                chunk = self.process.stdout.read1(1 << 20)
                assert chunk, f"the server closed its output after {len(lines)} of {count} answers (exit {self.process.poll()})"
                self.buffer += chunk
            line, self.buffer = self.buffer.split(b"\n", 1)
            lines.append(json.loads(line))
        return lines

    def call(self, id, tool, arguments):
        self.send({"jsonrpc": "2.0", "id": id, "method": "tools/call", "params": {"name": tool, "arguments": arguments}})

    def close(self):
        if not self.process.stdin.closed:
            self.process.stdin.close()
        self.process.wait(timeout=10)


@pytest.fixture
def server(tmp_path):
    shutil.copytree(REPOSITORY / "content", tmp_path / "content")
    environment = {"GIT_AUTHOR_NAME": "T", "GIT_AUTHOR_EMAIL": "t@example.org", "GIT_COMMITTER_NAME": "T",
                   "GIT_COMMITTER_EMAIL": "t@example.org", "GIT_CONFIG_GLOBAL": "/dev/null", "PATH": "/usr/bin:/bin"}
    for command in (["git", "init", "-q", "-b", "main"], ["git", "add", "-A"], ["git", "commit", "-q", "-m", "catalog"]):
        subprocess.run(command, cwd=tmp_path, check=True, env=environment)
    running = Server(tmp_path / "content")
    yield running
    running.close()


@pytest.mark.parametrize("limit", [1e300, 1e19, -1e19, 9223372036854775807, "inf", "nan", "-inf", 2.5, 0, 201])
def test_a_number_no_int_holds_is_an_invalid_params_error(server, limit):
    server.call(1, "search", {"query": "switch", "limit": limit})
    answer = server.answers(1)[0]
    assert answer["id"] == 1 and answer["error"]["code"] == -32602, answer
    assert "limit" in answer["error"]["message"]
    server.call(2, "check_contrast", {"foreground": "#000000", "background": "#FFFFFF", "minimum": "nan"})
    assert server.answers(1)[0]["error"]["code"] == -32602
    # Still up, and a good call is answered.
    server.call(3, "search", {"query": "switch", "limit": 3})
    answer = server.answers(1)[0]
    assert answer["id"] == 3 and len(json.loads(answer["result"]["content"][0]["text"])) <= 3


def test_a_client_that_reads_late_gets_every_answer_whole(server):
    """300 resource reads sent at once, with nothing read for 3 s: the pipe fills and the server
    must wait, not write one answer into another."""
    for id in range(1, 301):
        server.send({"jsonrpc": "2.0", "id": id, "method": "resources/read", "params": {"uri": "catalog:///components.json" if id % 3 else "catalog:///components/switch/index.md"}})
    time.sleep(3)
    answers = server.answers(300, timeout=120)
    assert sorted(answer["id"] for answer in answers) == list(range(1, 301))
    assert all("result" in answer for answer in answers), [a for a in answers if "result" not in a][:2]


def test_many_mixed_calls_are_each_answered_once(server):
    """The adversary's 2,000 mixed calls lost two ids to spliced writes; 800 keep the writer busy
    enough (the writes of one answer still meet the next) in a fifth of the time."""
    tools = [("search", {"query": "toggle"}), ("get_token", {"name": "selection/color/label"}), ("list_components", {}),
             ("check_contrast", {"foreground": "#000000", "background": "#FFFFFF"}), ("get_component", {"component": "nowhere"})]
    for id in range(1, 801):
        tool, arguments = tools[id % len(tools)]
        server.call(id, tool, arguments)
    answers = server.answers(800, timeout=300)
    assert sorted(answer["id"] for answer in answers) == list(range(1, 801))


def test_a_large_message_is_read_and_one_over_the_limit_is_refused(server):
    # 4 MB of query: answered (it was 110 s and blocked every other request).
    server.call(1, "search", {"query": "x" * 4_000_000})
    answer = server.answers(1, timeout=60)[0]
    assert answer["id"] == 1
    # 17 MB: refused with an error that says why, and the next request is answered.
    server.call(2, "search", {"query": "y" * 17_000_000})
    refused = server.answers(1, timeout=60)[0]
    assert refused["id"] is None and refused["error"]["code"] == -32600 and "MiB" in refused["error"]["message"]
    server.call(3, "list_components", {})
    assert server.answers(1)[0]["id"] == 3


@pytest.mark.parametrize("id", [{"a": 1}, None, [1], True, 1.5, 2 ** 64, -(2 ** 63) - 1])
def test_an_id_that_is_not_a_string_or_an_integer_is_an_invalid_request(server, id):
    server.send({"jsonrpc": "2.0", "id": id, "method": "tools/list"})
    answer = server.answers(1)[0]
    assert answer["id"] is None and answer["error"]["code"] == -32600, answer
    server.send({"jsonrpc": "2.0", "id": "after", "method": "tools/list"})
    assert server.answers(1)[0]["id"] == "after"


def test_a_revision_with_a_nul_is_refused(server):
    server.call(1, "what_changed", {"head": "HEAD\u0000x"})
    answer = server.answers(1)[0]
    assert answer["error"]["code"] == -32602 and "not a revision" in answer["error"]["message"], answer


@pytest.mark.parametrize("line", [b"{", b"\xff\xfe", b"[" * 10_000, b'{"id": 1, "method": "ping", "x": NaN}'])
def test_a_line_that_is_not_json_is_a_parse_error(server, line):
    """JSON-RPC 2.0: a parse error is answered with code -32700 and a null id (the SDK made up a
    random id)."""
    server.send_line(line)
    answer = server.answers(1)[0]
    assert answer["id"] is None and answer["error"]["code"] == -32700, answer
    server.send({"jsonrpc": "2.0", "id": "after", "method": "ping"})
    assert server.answers(1)[0]["id"] == "after"


@pytest.mark.parametrize("message", [{"jsonrpc": "2.0"}, [1, 2][0], "text"])
def test_json_that_is_not_a_message_is_an_invalid_request(server, message):
    server.send(message)
    answer = server.answers(1)[0]
    assert answer["id"] is None and answer["error"]["code"] == -32600, answer


def test_closing_the_input_still_answers_every_request_read(server):
    """A client that sends its requests and closes its end got only the quick answers: the server
    ended as soon as its input did, with a slow search still running."""
    server.call(1, "search", {"query": "a " * 100_000})
    server.send({"jsonrpc": "2.0", "id": 2, "method": "ping"})
    server.process.stdin.close()
    ids = sorted(answer["id"] for answer in server.answers(2, timeout=120))
    assert ids == [1, 2]
    assert server.process.wait(timeout=60) == 0


@pytest.mark.parametrize("minimum", ["inf", "nan", "-inf", 1e300])
def test_a_minimum_ratio_that_is_no_finite_number_is_an_invalid_params_error(server, minimum):
    server.call(7, "check_contrast", {"foreground": "#FFFFFF", "background": "#000000", "minimum": minimum})
    answer = server.answers(1)[0]
    assert answer["id"] == 7 and answer.get("error", {}).get("code") == -32602, answer
