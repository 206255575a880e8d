#!/usr/bin/env python3
"""Benchmarks of catalog-build, with figures printed (never asserted).

    Scripts/bench.py build    cold builds at N = 1,000 and 10,000 against Hugo and the physical
                              limit (the cmark-gfm parse of the same Markdown plus `cp -r` of the
                              finished output tree), timed with hyperfine on tmpfs and on disk;
                              peak memory (/usr/bin/time -v); the serve rebuild after one file
                              changes at N = 1,000
    Scripts/bench.py serve    requests per second against `serve` and nginx (wrk), and the
                              save → reload-event time at N = 1,000
    Scripts/bench.py code     reading 1,000 SwiftUI files and 1,000 Compose files (`code:` in
                              catalog.yaml): `check` of 1,000 components with and without the
                              code, and the usage count over 1,000 more files of each, on tmpfs
                              and on disk (also part of `build`)
    Scripts/bench.py figma    `check` of one component against a generated 50 MB Figma design
                              file, with and without `figma:`: time, the file's share in MiB/s,
                              and peak memory, on tmpfs and on disk (also part of `build`)
    Scripts/bench.py phases   where a cold build's time goes at each N (CATALOG_BUILD_TIMING=1:
                              each phase's time, share and resident memory after it, on tmpfs),
                              and a perf profile of the N = 1,000 build's CPU by symbol (also
                              part of `build`; perf from Debian's linux-perf)
    Scripts/bench.py templates the template engine: cold builds at N = 1,000 rendered by the compiled
                              templates and by swift-mustache itself (CATALOG_BUILD_MUSTACHE=
                              swift-mustache), each build's render phase, and the CPU time inside
                              each engine's render (perf samples), with the two sites compared byte for
                              byte (also part of `build`)
    Scripts/bench.py versions a site with versions: 10 releases (git tags) of 1,000 and of 300
                              generated components, built cold and again after one edit (the
                              releases reused from the cache), with the published size and file
                              count, on tmpfs and on disk (also part of `build`)
    Scripts/bench.py hostile  hostile token files: 100,000 tokens in one minified line and a
                              10,000-link alias chain (time, memory, bytes of diagnostics, output
                              size), on tmpfs and on disk (also part of `build`)

Work files go to bench-work/ (git-ignored). Needs the release binary (`swift build -c release`)
and hugo, cmark-gfm, hyperfine, time, nginx and wrk from Debian (`make bench` installs them).
"""

import argparse
import hashlib
import http.client
import json
import os
import pathlib
import platform
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]
WORK = ROOT / "bench-work"
BINARY = ROOT / ".build" / "release" / "catalog-build"
CMARK = "cmark-gfm -e table -e strikethrough -e autolink -e tagfilter -e tasklist -e footnotes"

# What the benchmarks measured that #58's targets are about, filled in as they run and printed
# last by `print_targets`: name → value.
FIGURES = {}


def run(command, **options):
    return subprocess.run(command, check=True, text=True, capture_output=True, **options)


def machine():
    cpu = next((line.split(":", 1)[1].strip() for line in open("/proc/cpuinfo") if line.startswith("model name")), platform.processor())
    memory = next((int(line.split()[1]) // 1024 // 1024 for line in open("/proc/meminfo") if line.startswith("MemTotal")), 0)
    return f"{os.cpu_count()} cores ({cpu}), {memory} GiB, {platform.system()} {platform.release()}"


def generate(count):
    folder = WORK / f"n{count}"
    stamp = folder / "generated"
    generator = (ROOT / "Scripts" / "generate-catalog.py").read_bytes()
    marker = f"{count} {hashlib.sha256(generator).hexdigest()}"
    if stamp.exists() and stamp.read_text() == marker:
        return folder
    print(f"Generating a catalog of {count} components and the equivalent Hugo site…", flush=True)
    run([sys.executable, str(ROOT / "Scripts" / "generate-catalog.py"), "--components", str(count),
         "--out", str(folder / "catalog"), "--hugo", str(folder / "hugo")])
    stamp.write_text(marker)
    return folder


def hyperfine(commands, runs, export):
    arguments = ["hyperfine", "--warmup", "1", "--runs", str(runs), "--export-json", str(export), "--style", "basic"]
    for name, prepare, command in commands:
        arguments += ["--command-name", name, "--prepare", prepare, command]
    subprocess.run(arguments, check=True)
    results = json.loads(export.read_text())["results"]
    return {result["command"]: result for result in results}


def peak_memory(command):
    """Maximum resident set size in MiB, from GNU time."""
    result = subprocess.run(["/usr/bin/time", "-v", "sh", "-c", command], text=True, capture_output=True)
    match = re.search(r"Maximum resident set size \(kbytes\): (\d+)", result.stderr)
    return int(match.group(1)) / 1024 if match else float("nan")


def places():
    """Where the builds run: tmpfs first (so the disk does not blur the figures), then disk."""
    shm = pathlib.Path("/dev/shm")
    return ([("tmpfs", shm / "catalog-build-bench")] if shm.is_dir() else []) + [("disk", WORK / "runs")]


def build_benchmark(counts, runs):
    """Cold builds of catalog-build and Hugo, and the physical limit: the cmark-gfm parse of the
    same Markdown plus `cp -r` of catalog-build's finished output tree (same files, same bytes)."""
    rows = []
    for count in counts:
        generated = generate(count)
        for place, parent in places():
            folder = parent / f"n{count}"
            shutil.rmtree(folder, ignore_errors=True)
            folder.mkdir(parents=True)
            catalog, hugo = folder / "catalog", folder / "hugo"
            shutil.copytree(generated / "catalog", catalog)
            shutil.copytree(generated / "hugo", hugo)
            out_catalog, out_hugo, copied = folder / "out-catalog", folder / "out-hugo", folder / "out-copy"
            ours = f"{BINARY} build --source {catalog} --output {out_catalog} 2>/dev/null"
            run(["sh", "-c", ours])  # the finished tree that `cp -r` copies
            commands = [
                ("catalog-build", f"rm -rf {out_catalog}", ours),
                ("hugo", f"rm -rf {out_hugo}", f"hugo --quiet -s {hugo} -d {out_hugo}"),
                ("cmark-gfm parse", "true", f"find {catalog} -name index.md -print0 | xargs -0 {CMARK} > /dev/null"),
                ("cp -r output", f"rm -rf {copied}", f"cp -r {out_catalog} {copied}"),
            ]
            results = hyperfine(commands, runs, folder / "hyperfine.json")
            memory = {}
            for name, prepare, command in commands[:2]:
                subprocess.run(prepare, shell=True)
                memory[name] = peak_memory(command)
            files = sum(1 for item in out_catalog.rglob("*") if item.is_file())
            size = sum(item.stat().st_size for item in out_catalog.rglob("*") if item.is_file())
            if place == places()[0][0]:
                print_published(count, published(out_catalog))
                FIGURES[f"cold {count}"] = results["catalog-build"]["mean"]
                FIGURES[f"memory {count}"] = memory["catalog-build"]
                FIGURES[f"published {count}"] = size / 1048576
            rows.append((count, place, results, memory, files, size))
            shutil.rmtree(folder, ignore_errors=True)
    return rows


def published(folder):
    """What a build publishes, by kind of file: (kind, files, bytes), largest first."""
    kinds = {}
    for item in folder.rglob("*"):
        if not item.is_file():
            continue
        path = item.relative_to(folder).as_posix()
        name = item.name
        if path.startswith("assets/"):
            kind = "hashed assets (theme, tokens, roles)"
        elif name == "components.json" and "/" not in path:
            kind = "components.json (every component)"
        elif name == "llms-full.txt":
            kind = "llms-full.txt (every page's Markdown)"
        elif name == "component.json":
            kind = "component.json (one per component)"
        elif name == "playground.json":
            kind = "playground.json (one per component with a demo)"
        elif name == "index.md":
            kind = "index.md (the Markdown twin of a page)"
        elif path.startswith("components/") and name == "index.html":
            kind = "component pages (HTML)"
        elif name.endswith(".html"):
            kind = "other pages (HTML)"
        elif path == "search/index.js":
            kind = "search/index.js (the search index)"
        else:
            kind = "everything else (exports, images, sitemap…)"
        files, size = kinds.get(kind, (0, 0))
        kinds[kind] = (files + 1, size + item.stat().st_size)
    return sorted(((kind, files, size) for kind, (files, size) in kinds.items()), key=lambda row: -row[2])


def print_published(count, rows):
    total_files = sum(files for _, files, _ in rows)
    total = sum(size for _, _, size in rows)
    print()
    print(f"Published at N = {count:,}: {total_files:,} files, {total / 1048576:.1f} MiB")
    print()
    print("| what | files | size | share |")
    print("|---|---:|---:|---:|")
    for kind, files, size in rows:
        print(f"| {kind} | {files:,} | {size / 1048576:.1f} MiB | {100 * size / total:.0f} % |")


def print_build(rows):
    print()
    print("Physical limit = the cmark-gfm parse of the same Markdown + `cp -r` of catalog-build's output tree.")
    print()
    print("| N | where | catalog-build | Hugo | physical limit (parse + cp -r) | / Hugo | / physical limit | peak memory: catalog-build | Hugo | output |")
    print("|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    for count, place, results, memory, files, size in rows:
        ours, hugo, parse, copy = (results[name]["mean"] for name in ("catalog-build", "hugo", "cmark-gfm parse", "cp -r output"))
        deviation = results["catalog-build"]["stddev"] or 0
        limit = parse + copy
        print(f"| {count:,} | {place} | {ours:.2f} s ± {deviation:.2f} | {hugo:.2f} s | {limit:.2f} s ({parse:.2f} + {copy:.2f}) | "
              f"{ours / hugo:.2f} × | {ours / limit:.1f} × | {memory['catalog-build']:.0f} MiB | {memory['hugo']:.0f} MiB | "
              f"{files:,} files, {size / 1048576:.0f} MiB |")


class Events:
    """A Server-Sent Events reader that timestamps reload events."""

    def __init__(self, port, page, etag):
        self.reloads = []
        self.errors = []
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
        self.connection.request("GET", f"/_catalog/events?page={page}&hash={etag}")
        self.response = self.connection.getresponse()
        threading.Thread(target=self.read, daemon=True).start()

    def read(self):
        status = False
        try:
            for raw in self.response:
                if raw.startswith(b"event: reload"):
                    self.reloads.append(time.monotonic())
                status = raw.startswith(b"event: status") or (status and raw.startswith(b"data:"))
                # A status whose errors are not zero: what the error overlay shows.
                if status and raw.startswith(b"data:") and re.search(rb'"severity"\s*:\s*"error"', raw):
                    self.errors.append(time.monotonic())
        except Exception:
            pass


def start_server(catalog):
    process = subprocess.Popen([str(BINARY), "serve", "--source", str(catalog), "--port", "0"],
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    lines = []
    port = None
    while port is None:
        line = process.stdout.readline()
        if not line:
            raise RuntimeError("serve did not start:\n" + "".join(lines))
        lines.append(line)
        match = re.search(r"127\.0\.0\.1:(\d+)", line)
        if match:
            port = int(match.group(1))
    threading.Thread(target=lambda: [lines.append(line) for line in process.stdout], daemon=True).start()
    return process, port, lines


def serve_rebuild(count=1000, edits=10):
    """Times one-file rebuilds in serve: the server's own 'save seen → reload event' figure and,
    from outside, file write → reload event on the SSE stream."""
    folder = generate(count)
    # The build benchmark before this one leaves gigabytes to write back; a rebuild in serve
    # writes nothing, so let the disk finish first instead of timing the writeback's CPU.
    os.sync()
    time.sleep(2)
    scratch = pathlib.Path(tempfile.mkdtemp(prefix="catalog-bench-"))
    catalog = scratch / "catalog"
    shutil.copytree(folder / "catalog", catalog)
    process, port, lines = start_server(catalog)
    try:
        page = "components/c00007/index.html"
        connection = http.client.HTTPConnection("127.0.0.1", port)
        connection.request("GET", "/components/c00007/")
        body = connection.getresponse().read().decode()
        etag = re.search(r'data-hash="([0-9a-f]+)"', body).group(1)
        events = Events(port, page, etag)
        time.sleep(0.5)
        prose = catalog / "components" / "c00007" / "index.md"
        original = prose.read_text()
        outside = []
        for edit in range(edits):
            before = len(events.reloads)
            started = time.monotonic()
            prose.write_text(original + f"\nEdit number {edit}.\n")
            while len(events.reloads) == before and time.monotonic() - started < 30:
                time.sleep(0.001)
            outside.append((events.reloads[-1] - started) * 1000)
            time.sleep(0.3)
        time.sleep(0.3)
        inside = [float(value) for value in re.findall(r"save seen → reload event ([0-9.]+) ms", "".join(lines))]
        rendered = re.findall(r"(\d+) rendered, (\d+) reused", "".join(lines))
        FIGURES["rebuild"] = statistics.median(inside or outside)
        return inside, outside, rendered
    finally:
        process.terminate()
        process.wait()
        shutil.rmtree(scratch, ignore_errors=True)


def serve_overlay(edits=5):
    """#55 6: how soon the error overlay follows a save that breaks a component.yaml (an unquoted
    `: `), on the example catalog: file written → the status event with the error, as the
    browser's overlay receives it."""
    scratch = pathlib.Path(tempfile.mkdtemp(prefix="catalog-bench-"))
    shutil.copytree(ROOT / "content", scratch / "content")
    shutil.copytree(ROOT / "examples", scratch / "examples")
    catalog = scratch / "content"
    process, port, lines = start_server(catalog)
    try:
        connection = http.client.HTTPConnection("127.0.0.1", port)
        connection.request("GET", "/components/switch/")
        body = connection.getresponse().read().decode()
        etag = re.search(r'data-hash="([0-9a-f]+)"', body).group(1)
        events = Events(port, "components/switch/index.html", etag)
        time.sleep(0.5)
        model = catalog / "components" / "switch" / "component.yaml"
        original = model.read_text()
        broken = re.sub(r"^summary: (.*)$", r"summary: Note: \1", original, count=1, flags=re.M)
        times = []
        for _ in range(edits):
            before = len(events.errors)
            started = time.monotonic()
            model.write_text(broken)
            while len(events.errors) == before and time.monotonic() - started < 30:
                time.sleep(0.001)
            times.append((events.errors[-1] - started) * 1000 if len(events.errors) > before else float("nan"))
            model.write_text(original)
            time.sleep(1.5)
        return times
    finally:
        process.terminate()
        process.wait()
        shutil.rmtree(scratch, ignore_errors=True)


def print_serve_overlay(times):
    print()
    print(f"serve, a component.yaml broken on the example catalog ({len(times)} saves):")
    print(f"  file written → error overlay's status event: median {statistics.median(times):.0f} ms, max {max(times):.0f} ms (target: under 1,000 ms)")


def print_serve_rebuild(inside, outside, rendered):
    print()
    print(f"serve, one component file changed, N = 1,000 ({len(outside)} edits):")
    if inside:
        print(f"  save seen → reload event (server):     median {statistics.median(inside):.1f} ms, min {min(inside):.1f}, max {max(inside):.1f}")
    print(f"  file written → reload event (browser): median {statistics.median(outside):.1f} ms (includes the watcher noticing the save: inotify, checked every 5 ms)")
    if rendered:
        print(f"  pages rendered per rebuild: {rendered[-1][0]}, reused: {rendered[-1][1]}")


def requests_per_second():
    """wrk against `serve` and against nginx serving the same public/."""
    public = WORK / "example-public"
    shutil.rmtree(public, ignore_errors=True)
    run([str(BINARY), "build", "--source", str(ROOT / "content"), "--output", str(public)])
    process, port, _ = start_server(ROOT / "content")
    nginx_dir = pathlib.Path(tempfile.mkdtemp(prefix="catalog-nginx-"))
    nginx_port = 18080
    (nginx_dir / "nginx.conf").write_text(f"""
worker_processes 2;
pid {nginx_dir}/nginx.pid;
error_log {nginx_dir}/error.log;
events {{ worker_connections 1024; }}
http {{
    include /etc/nginx/mime.types;
    access_log off;
    sendfile on;
    etag on;
    client_body_temp_path {nginx_dir}/body;
    proxy_temp_path {nginx_dir}/proxy;
    fastcgi_temp_path {nginx_dir}/fastcgi;
    uwsgi_temp_path {nginx_dir}/uwsgi;
    scgi_temp_path {nginx_dir}/scgi;
    server {{
        listen 127.0.0.1:{nginx_port};
        root {public};
        index index.html;
        error_page 404 /404.html;
    }}
}}
""")
    subprocess.run(["nginx", "-c", str(nginx_dir / "nginx.conf")], check=True)
    path = "/components/toggle-with-label/"
    results = {}
    try:
        time.sleep(0.5)
        for name, target_port in (("catalog-build serve", port), ("nginx", nginx_port)):
            output = run(["wrk", "-t2", "-c32", "-d10s", f"http://127.0.0.1:{target_port}{path}"]).stdout
            rate = float(re.search(r"Requests/sec:\s+([0-9.]+)", output).group(1))
            latency = re.search(r"Latency\s+(\S+)", output).group(1)
            results[name] = (rate, latency)
    finally:
        subprocess.run(["nginx", "-c", str(nginx_dir / "nginx.conf"), "-s", "stop"])
        process.terminate()
        process.wait()
        shutil.rmtree(nginx_dir, ignore_errors=True)
    return path, results


def print_requests(path, results):
    print()
    print(f"wrk -t2 -c32 -d10s on loopback, GET {path} (the example catalog):")
    for name, (rate, latency) in results.items():
        print(f"  {name:22} {rate:10,.0f} requests/s   mean latency {latency}")
    ours, nginx = results["catalog-build serve"][0], results["nginx"][0]
    print(f"  ratio serve / nginx: {ours / nginx:.2f}")


def hostile_catalogs():
    """A 100,000-token minified file and a 10,000-link alias chain, generated once."""
    catalogs = {}
    # 4,000 tokens with 1,000 aliases to them, and the same with the 1,000 aliases naming tokens
    # that do not exist: the did-you-mean search for each must not make the check much slower
    # than the clean one.
    named = {f"t{i:04d}-{['primary', 'secondary', 'surface', 'border'][i % 4]}": {"$value": "#%06x" % (i * 97 % 0xFFFFFF)} for i in range(4_000)}
    dangling = {f"d{i:04d}": {"$value": "{c.t%04d-primray}" % i} for i in range(1_000)}
    valid = {f"d{i:04d}": {"$value": "{c.t%04d-%s}" % (i, ['primary', 'secondary', 'surface', 'border'][i % 4])} for i in range(1_000)}
    for name, tokens in [("tokens-100k-minified", {"c": {"$type": "color", **{f"t{i}": {"$value": "#%06x" % (i * 97 % 0xFFFFFF)} for i in range(100_000)}}}),
                         ("alias-chain-10k", {"c": {"$type": "color", "t0": {"$value": "#123456"}, **{f"t{i}": {"$value": "{c.t%d}" % (i - 1)} for i in range(1, 10_000)}}}),
                         ("tokens-4k-1k-valid", {"c": {"$type": "color", **named, **valid}}),
                         ("tokens-4k-1k-dangling", {"c": {"$type": "color", **named, **dangling}})]:
        folder = WORK / name
        if not (folder / "tokens" / "big.tokens.json").exists():
            (folder / "tokens").mkdir(parents=True, exist_ok=True)
            (folder / "catalog.yaml").write_text(f"title: {name}\n")
            (folder / "tokens" / "big.tokens.json").write_text(json.dumps(tokens, separators=(",", ":")))
        catalogs[name] = folder
    # Markdown cmark-gfm takes quadratic time on: refused at its line, in well under a second.
    for name, text in [("markdown-80k-brackets", "# P\n\n" + "![[]()" * 80_000 + "\n"),
                       ("markdown-20k-columns", "# W\n\n|" + "a|" * 20_000 + "\n|" + "-|" * 20_000 + "\n" + ("|" + "b|" * 20_000 + "\n") * 20)]:
        folder = WORK / name
        if not (folder / "guides" / "p.md").exists():
            (folder / "guides").mkdir(parents=True, exist_ok=True)
            (folder / "catalog.yaml").write_text(f"title: {name}\n")
            (folder / "guides" / "p.md").write_text(text)
        catalogs[name] = folder
    # 30,000 ignore: entries on one component (97 s before they were indexed).
    folder = WORK / "ignore-30k"
    if not (folder / "components" / "a" / "component.yaml").exists():
        (folder / "components" / "a").mkdir(parents=True, exist_ok=True)
        (folder / "catalog.yaml").write_text("title: ignore-30k\n")
        entries = "".join(f"  - {{ rule: lint.no-states, reason: Entry {i}. }}\n" for i in range(30_000))
        (folder / "components" / "a" / "component.yaml").write_text(
            "name: A\nsummary: Many ignores.\naccessibility: [{ requirement: Named, platforms: { ios: By its label. } }]\nignore:\n" + entries)
    catalogs["ignore-30k"] = folder
    # Swift files under code: nested past every limit, beside a good one (each crashed or hung
    # every command before).
    folder = WORK / "swift-hostile"
    if not (folder / "catalog" / "catalog.yaml").exists():
        (folder / "catalog").mkdir(parents=True, exist_ok=True)
        (folder / "swift").mkdir(parents=True, exist_ok=True)
        (folder / "catalog" / "catalog.yaml").write_text("title: swift-hostile\ncode:\n  swiftui: ../swift\n")
        forms = {
            "Generics": "let x: " + "A<" * 50_000 + "Int" + ">" * 50_000 + "\n",
            "Ternary": "let x = " + "a ? b : " * 30_000 + "c\n",
            "Members": "let x = a\n" + "  .b\n" * 300_000,
            "Calls": "let x = a" + "()" * 300_000 + "\n",
            "Arrows": "let x: " + "(Int) -> " * 300_000 + "Int\n",
            "Try": "let x = " + "try " * 900_000 + "a\n",
            "Conditions": "#if A\n" * 100_000 + "let x = 1\n" + "#endif\n" * 100_000,
            "LessThan": "f(" + ", ".join(["a < b"] * 2_000) + ")\n",
            "Good": "public struct Good: View {\n    public init(label: String) {}\n    public var body: some View { Text(label) }\n}\n",
        }
        for name, text in forms.items():
            (folder / "swift" / f"{name}.swift").write_text(text)
    catalogs["swift-hostile"] = folder / "catalog"
    return catalogs


def hostile_benchmark():
    rows = []
    for name, catalog in hostile_catalogs().items():
        for place, parent in places():
            parent.mkdir(parents=True, exist_ok=True)
            output = parent / f"catalog-bench-{name}-out"
            shutil.rmtree(output, ignore_errors=True)
            started = time.perf_counter()
            result = subprocess.run(["/usr/bin/time", "-v", str(BINARY), "build", "--source", str(catalog), "--output", str(output)],
                                    capture_output=True)
            elapsed = time.perf_counter() - started
            stderr = result.stderr.decode(errors="replace")
            match = re.search(r"Maximum resident set size \(kbytes\): (\d+)", stderr)
            diagnostics = len(stderr.split("\tCommand being timed")[0].encode())
            size = sum(f.stat().st_size for f in output.rglob("*") if f.is_file()) if output.exists() else 0
            rows.append((name, place, elapsed, int(match.group(1)) / 1024 if match else float("nan"), diagnostics, size, result.returncode))
            shutil.rmtree(output, ignore_errors=True)
    print()
    print("| input | where | exit | wall | peak memory | diagnostics printed | output |")
    print("|---|---|---:|---:|---:|---:|---:|")
    for name, place, elapsed, memory, diagnostics, size, code in rows:
        print(f"| {name} | {place} | {code} | {elapsed:.2f} s | {memory:.0f} MiB | {diagnostics / 1024:.0f} KiB | {size / 1048576:.1f} MiB |")


def generate_code(folder, count):
    """A catalog of `count` components, each implemented by one SwiftUI view and one Composable
    (one file each, with a KDoc, six parameters and a default or two), and apps that call them."""
    shutil.rmtree(folder, ignore_errors=True)
    for sub in ["catalog/components", "swift", "kotlin", "apps/ios", "apps/android"]:
        (folder / sub).mkdir(parents=True)
    (folder / "catalog" / "catalog.yaml").write_text(
        "title: Code benchmark\ncode:\n  swiftui: ../swift\n  compose: ../kotlin\n  usage: [../apps/ios, ../apps/android]\n")
    for index in range(count):
        name = f"Widget{index:05d}"
        slug = f"widget-{index:05d}"
        (folder / "catalog" / "components" / slug).mkdir()
        (folder / "catalog" / "components" / slug / "component.yaml").write_text(f"""name: {name}
summary: Generated component {index}.
implementation: {{ swiftui: {name}, compose: {name} }}
properties:
  - {{ name: label, type: String, required: true, platforms: {{ swiftui: "title: LocalizedStringKey", compose: "label: String" }} }}
  - {{ name: isOn, type: Boolean, required: true, platforms: {{ swiftui: "isOn: Binding<Bool>", compose: "checked: Boolean" }} }}
  - {{ name: onChange, type: (Boolean) -> Unit, required: true, platforms: {{ compose: "onCheckedChange: ((Boolean) -> Unit)?" }} }}
  - {{ name: isEnabled, type: Boolean, platforms: {{ swiftui: ".disabled(_:)", compose: "enabled: Boolean" }} }}
  - {{ name: size, type: small | regular, platforms: {{ swiftui: ".widgetSize{index}(_:)", compose: "size: WidgetSize" }} }}
""")
        (folder / "swift" / f"{name}.swift").write_text(f"""import SwiftUI

/// Generated view {index}.
public struct {name}: View {{
    private let title: LocalizedStringKey
    @Binding private var isOn: Bool
    private var size = 0

    /// - Parameters:
    ///   - title: The label.
    ///   - isOn: The state.
    public init(_ title: LocalizedStringKey, isOn: Binding<Bool>) {{
        self.title = title
        self._isOn = isOn
    }}

    public var body: some View {{
        Toggle(title, isOn: $isOn).toggleStyle(.switch)
    }}

    public func widgetSize{index}(_ size: Int) -> Self {{
        var copy = self
        copy.size = size
        return copy
    }}
}}
""")
        (folder / "kotlin" / f"{name}.kt").write_text(f"""package org.example.widgets

import androidx.compose.runtime.Composable
import androidx.compose.ui.Modifier

/**
 * Generated composable {index}.
 *
 * @param label the label, as in `fun Fake(a: Int)`.
 */
@Composable
fun {name}(
    label: String,
    checked: Boolean,
    onCheckedChange: ((Boolean) -> Unit)?,
    modifier: Modifier = Modifier,
    enabled: Boolean = true,
    size: WidgetSize = WidgetSize.Regular,
) {{
    Row(modifier = modifier) {{ Text("${{label}} {index}") }}
}}
""")
        other = f"Widget{(index * 7) % count:05d}"
        (folder / "apps" / "ios" / f"Screen{index:05d}.swift").write_text(
            f"import SwiftUI\n\nstruct Screen{index}: View {{\n    @State private var on = false\n    var body: some View {{\n        Form {{\n            {name}(\"A\", isOn: $on)\n            {other}(\"B\", isOn: $on)\n        }}\n    }}\n}}\n")
        (folder / "apps" / "android" / f"Screen{index:05d}.kt").write_text(
            f"@Composable\nfun Screen{index}() {{\n    {name}(label = \"A\", checked = true, onCheckedChange = {{}})\n    {other}(label = \"B\", checked = false, onCheckedChange = null)\n}}\n")


def code_benchmark(count=1000, runs=3):
    """`check` of a catalog of `count` components whose `code:` holds `count` SwiftUI files and
    `count` Compose files (plus `count` usage files of each), against the same catalog with
    `code:` removed: the difference is reading, parsing and comparing the code."""
    rows = []
    for place, parent in places():
        folder = parent / f"code-n{count}"
        generate_code(folder, count)
        catalog = folder / "catalog"
        plain = folder / "catalog-plain"
        shutil.copytree(catalog, plain)
        (plain / "catalog.yaml").write_text("title: Code benchmark\n")
        with_code = f"{BINARY} check --source {catalog} > /dev/null 2>&1; true"
        without = f"{BINARY} check --source {plain} > /dev/null 2>&1; true"
        results = hyperfine([("with code", "true", with_code), ("without code", "true", without)], runs, folder / "hyperfine.json")
        memory = peak_memory(with_code)
        checked = subprocess.run([str(BINARY), "check", "--source", str(catalog)], text=True, capture_output=True)
        findings = (checked.stdout + checked.stderr).strip().splitlines()[-1:]
        rows.append((place, results, memory, findings))
        shutil.rmtree(folder, ignore_errors=True)
    print()
    print(f"Code truth: {count:,} components, {count:,} SwiftUI + {count:,} Compose files read, {count:,} + {count:,} usage files counted:")
    print()
    print("| where | check with code | check without code | code's share | peak memory | findings |")
    print("|---|---:|---:|---:|---:|---|")
    for place, results, memory, findings in rows:
        ours, plain = results["with code"]["mean"], results["without code"]["mean"]
        print(f"| {place} | {ours:.2f} s ± {results['with code']['stddev']:.2f} | {plain:.2f} s | {ours - plain:.2f} s "
              f"({4 * count / max(ours - plain, 1e-9):,.0f} files/s) | {memory:.0f} MiB | {' '.join(findings)} |")


def search_index_figure(count=1000):
    """The full-text search index a site at N components ships (and a reader downloads the first
    time they use search): its size raw and gzipped, and its entries."""
    import gzip
    generated = generate(count)
    output = WORK / f"search-n{count}"
    shutil.rmtree(output, ignore_errors=True)
    run([str(BINARY), "build", "--source", str(generated / "catalog"), "--output", str(output)])
    data = (output / "search" / "index.js").read_bytes()
    index = json.loads(data[len(b"window.catalogSearchIndex = "):].rstrip().rstrip(b";"))
    sections = len(index["sections"])
    entries = index["pages"] + index["sections"]
    print()
    print(f"Search index at N = {count:,}: {len(data) / 1024:.0f} KiB ({len(gzip.compress(data, 9)) / 1024:.0f} KiB gzipped), "
          f"{len(entries):,} entries ({sections:,} of them sections), loaded only when search is first used")
    shutil.rmtree(output, ignore_errors=True)


def snapshot_benchmark():
    """`snapshot` on the example catalog and on 100 generated components (every example and
    state, 2 widths × 2 schemes): the first run draws everything, a second with nothing changed
    draws nothing (each image's inputs are hashed), and one token value changed redraws only what
    uses it. One browser process in each; the tool's own peak memory is printed."""
    import time
    print()
    print("Snapshots (headless Chromium over the DevTools pipe; one browser process):")
    print(f"{'catalog':<28} {'images':>7} {'cold':>9} {'per image':>10} {'warm':>8} {'one token':>10} {'redrawn':>8} {'peak RSS':>9}")
    print("(cold: every image drawn and approved; warm: nothing changed, nothing drawn; one token: a colour changed, what uses it redrawn)")
    cases = [("example (content/)", ROOT / "content", None)]
    generated = generate(100)
    cases.append(("100 generated components", generated / "catalog", "[390, 1280]"))
    for name, source, widths in cases:
        place = WORK / "snapshot" / name.split()[0]
        shutil.rmtree(place, ignore_errors=True)
        folder = place / "catalog"
        shutil.copytree(source, folder, ignore=shutil.ignore_patterns("snapshots"))
        # The example's `code:` folders are beside it (../examples).
        # (copied: a link would lead out of the folder the catalog is read in, which is refused)
        shutil.copytree(ROOT / "examples", place / "examples")
        if widths:
            with open(folder / "catalog.yaml", "a") as settings:
                settings.write(f"snapshots:\n  widths: {widths}\n  schemes: [light, dark]\n  modes: []\n")
        command = [str(BINARY), "snapshot", "--source", str(folder), "--output", str(place / "out"), "--update"]
        def run(command):
            return subprocess.run(command, text=True, capture_output=True)

        def timed(command):
            """The run, its seconds, and the tool's peak memory (GNU time)."""
            started = time.monotonic()
            result = subprocess.run(["/usr/bin/time", "-v", *command], text=True, capture_output=True)
            seconds = time.monotonic() - started
            found = re.search(r"Maximum resident set size \(kbytes\): (\d+)", result.stderr)
            return result, seconds, int(found.group(1)) / 1024 if found else float("nan")

        cold, cold_seconds, memory = timed(command)
        images = len(list((folder / "snapshots").rglob("*.png")))
        _, warm_seconds, _ = timed(command)
        # One token value changed: the first colour of the first token file.
        token_file = sorted((folder / "tokens").glob("*.tokens.json"))[0]
        text = token_file.read_text()
        match = re.search(r'"#([0-9A-Fa-f]{6})"', text)
        redrawn, token_seconds = "-", float("nan")
        if match:
            token_file.write_text(text.replace(match.group(0), '"#123456"', 1))
            result, token_seconds, _ = timed(command)
            found = re.search(r"Snapshots: (\d+) drawn", result.stderr)
            redrawn = found.group(1) if found else "?"
        print(f"{name:<28} {images:>7} {cold_seconds:>8.1f}s {cold_seconds / max(images, 1) * 1000:>8.0f}ms {warm_seconds:>7.2f}s {token_seconds:>9.2f}s {redrawn:>8} {memory:>7.0f}MiB")
        if cold.returncode != 0:
            print("  (the first run reported problems:", cold.stderr.strip().splitlines()[-1] if cold.stderr.strip() else "", ")")
        shutil.rmtree(place, ignore_errors=True)


def versions_benchmark(counts=(1000, 300), releases=10):
    """`versions:` with `releases` tags: a cold build (every release built into the cache), a
    build after one edit of the working tree (the releases reused), and what is published."""
    print()
    print(f"Versions ({releases} releases as git tags, keep {releases}; cold: every version built; after an edit: one component's page changed in the working tree):")
    print(f"{'catalog':<22} {'place':<6} {'cold':>8} {'edit':>8} {'built/reused':>13} {'files':>8} {'published':>10} {'of 1 GB':>8}")
    git_env = dict(os.environ, GIT_AUTHOR_NAME="Bench", GIT_AUTHOR_EMAIL="bench@example.org", GIT_COMMITTER_NAME="Bench",
                   GIT_COMMITTER_EMAIL="bench@example.org", GIT_CONFIG_GLOBAL="/dev/null", GIT_CONFIG_NOSYSTEM="1")
    for count in counts:
        source = generate(count) / "catalog"
        for place_name, base in places():
            place = base / f"versions-{count}"
            shutil.rmtree(place, ignore_errors=True)
            catalog = place / "catalog"
            shutil.copytree(source, catalog)
            with open(catalog / "catalog.yaml", "a") as settings:
                settings.write(f'versions:\n  tags: "v*"\n  keep: {releases}\n')
            git = ["git", "-C", str(place)]
            run(git + ["init", "-q", "-b", "main"], env=git_env)
            components = sorted((catalog / "components").iterdir())
            for number in range(releases):
                # Each release edits a few components' summaries and adds a state to one.
                for folder in components[number::max(1, len(components) // 5)][:5]:
                    model = folder / "component.yaml"
                    text = model.read_text()
                    model.write_text(re.sub(r"^summary: (.*)$", lambda m: f"summary: {m.group(1)} (r{number})", text, count=1, flags=re.M))
                run(git + ["add", "-A"], env=git_env)
                run(git + ["commit", "-q", "-m", f"release {number}"], env=git_env)
                run(git + ["tag", f"v1.{number}.0"], env=git_env)
            output = place / "public"
            command = [str(BINARY), "build", "--source", str(catalog), "--output", str(output)]
            started = time.monotonic()
            cold = subprocess.run(command, text=True, capture_output=True)
            cold_seconds = time.monotonic() - started
            guide = components[0] / "index.md"
            guide.write_text(guide.read_text() + "\n\nOne more sentence.\n")
            started = time.monotonic()
            edit = subprocess.run(command, text=True, capture_output=True)
            edit_seconds = time.monotonic() - started
            found = re.search(r"\((\d+) built, (\d+) reused\)", edit.stderr + edit.stdout)
            files, size = 0, 0
            for item in output.rglob("*"):
                if item.is_file():
                    files += 1
                    size += item.stat().st_size
            share = 100 * size / 1024 ** 3
            if place_name == places()[0][0] and cold.returncode == 0:
                FIGURES[f"releases {count}"] = size / 1048576
            status = "" if cold.returncode == 0 and edit.returncode == 0 else " (failed: " + (cold.stderr or edit.stderr).strip().splitlines()[-1] + ")"
            print(f"{count:>6,} components    {place_name:<6} {cold_seconds:>7.1f}s {edit_seconds:>7.1f}s {found.group(1) + '/' + found.group(2) if found else '?':>13} {files:>8,} {size / 1048576:>8.0f}MiB {share:>7.0f}%{status}")
            shutil.rmtree(place, ignore_errors=True)


def scale_benchmark(tag_counts=(100, 250, 500), components=50, tabs=12):
    """#52 18: what many release tags and many tabs cost. A small catalog in a repository with
    N tags (each a commit that changes one summary; `keep: 3`, so three copies are built): the
    cold build (every release's changes found and cached) and a build after one edit (the cache
    reused); and `components` components with `tabs` tabs each (the most a component shows)."""
    print()
    print(f"Scale (a catalog of 5 components; N release tags, keep 3):")
    print(f"{'tags':>6} {'cold':>9} {'per tag':>9} {'warm':>8}")
    git_env = dict(os.environ, GIT_AUTHOR_NAME="Bench", GIT_AUTHOR_EMAIL="bench@example.org", GIT_COMMITTER_NAME="Bench",
                   GIT_COMMITTER_EMAIL="bench@example.org", GIT_CONFIG_GLOBAL="/dev/null", GIT_CONFIG_NOSYSTEM="1")
    source = generate(5) / "catalog"
    for count in tag_counts:
        place = WORK / f"tags-{count}"
        shutil.rmtree(place, ignore_errors=True)
        catalog = place / "catalog"
        shutil.copytree(source, catalog)
        with open(catalog / "catalog.yaml", "a") as settings:
            settings.write('versions:\n  tags: "v*"\n  keep: 3\n')
        git = ["git", "-C", str(place)]
        run(git + ["init", "-q", "-b", "main"], env=git_env)
        model = sorted((catalog / "components").iterdir())[0] / "component.yaml"
        for number in range(count):
            text = model.read_text()
            model.write_text(re.sub(r"^summary: (.*?)( \(r\d+\))?$", lambda m: f"summary: {m.group(1)} (r{number})", text, count=1, flags=re.M))
            run(git + ["add", "-A"], env=git_env)
            run(git + ["commit", "-q", "-m", f"release {number}"], env=git_env)
            run(git + ["tag", f"v1.{number}.0"], env=git_env)
        command = [str(BINARY), "build", "--source", str(catalog), "--output", str(place / "public")]
        started = time.monotonic()
        cold = subprocess.run(command, text=True, capture_output=True)
        cold_seconds = time.monotonic() - started
        started = time.monotonic()
        warm = subprocess.run(command, text=True, capture_output=True)
        warm_seconds = time.monotonic() - started
        status = "" if cold.returncode == 0 and warm.returncode == 0 else " (failed)"
        print(f"{count:>6} {cold_seconds:>8.1f}s {cold_seconds / count * 1000:>7.0f}ms {warm_seconds:>7.2f}s{status}")
        shutil.rmtree(place, ignore_errors=True)
    # Tabs: every component split into the most tabs a component may show.
    place = WORK / "tabs"
    shutil.rmtree(place, ignore_errors=True)
    catalog = place / "catalog"
    shutil.copytree(generate(components) / "catalog", catalog)
    names = ["index"] + [f"tab-{number}" for number in range(1, tabs)]
    with open(catalog / "catalog.yaml", "a") as settings:
        settings.write("pages:\n  component-tabs:\n" + "".join(f"    - {{ file: {name}, title: Tab {number} }}\n" for number, name in enumerate(names)))
    for folder in sorted((catalog / "components").iterdir()):
        for name in names[1:]:
            (folder / f"{name}.md").write_text(f"## {name}\n\nWords for {name}.\n")
    started = time.monotonic()
    built = subprocess.run([str(BINARY), "build", "--source", str(catalog), "--output", str(place / "public")], text=True, capture_output=True)
    seconds = time.monotonic() - started
    size = sum(item.stat().st_size for item in (place / "public").rglob("*") if item.is_file()) if built.returncode == 0 else 0
    print(f"Tabs: {components} components × {tabs} tabs ({components * tabs} tab pages): {seconds:.1f}s, {size / 1048576:.0f} MiB published{'' if built.returncode == 0 else ' (failed)'}")
    shutil.rmtree(place, ignore_errors=True)



def figma_benchmark(megabytes=50, runs=3):
    """`check` of a one-component catalog whose `figma.files` holds a generated whole design file
    of `megabytes` MB (geometry around one component set), against the same catalog without
    `figma:`: the difference is reading, pruning and comparing the file."""
    rect = ('{"id": "9:%d", "name": "Rectangle", "type": "RECTANGLE", "blendMode": "PASS_THROUGH", '
            '"absoluteBoundingBox": {"x": %d.5, "y": 2.25, "width": 120.0, "height": 48.0}, '
            '"absoluteRenderBounds": {"x": 1.5, "y": 2.25, "width": 120.0, "height": 48.0}, "constraints": {"vertical": "TOP", "horizontal": "LEFT"}, '
            '"fills": [{"blendMode": "NORMAL", "type": "SOLID", "color": {"r": 0.1, "g": 0.2, "b": 0.3, "a": 1.0}}], "strokes": [], "strokeWeight": 1.0, '
            '"effects": [{"type": "DROP_SHADOW", "visible": true, "color": {"r": 0, "g": 0, "b": 0, "a": 0.25}, "offset": {"x": 0, "y": 4}, "radius": 4}], '
            '"fillGeometry": [{"path": "M0 0L120 0L120 48L0 48L0 0ZM0 0L120 0L120 48L0 48L0 0Z", "windingRule": "NONZERO"}]}')
    rows = []
    for place, parent in places():
        folder = parent / "figma"
        catalog, plain = folder / "catalog", folder / "catalog-plain"
        for each in (catalog, plain):
            (each / "components" / "chip").mkdir(parents=True, exist_ok=True)
            (each / "components" / "chip" / "component.yaml").write_text(
                "name: Chip\nsummary: A compact choice.\nfigma: { component: Chip }\nvariants:\n  size: [small, large]\n")
        (catalog / "catalog.yaml").write_text("title: Figma benchmark\nfigma:\n  files: figma/files/\n")
        (plain / "catalog.yaml").write_text("title: Figma benchmark\n")
        (catalog / "figma" / "files").mkdir(parents=True, exist_ok=True)
        big = catalog / "figma" / "files" / "design.json"
        with big.open("w") as out:
            out.write('{"name": "Big", "document": {"id": "0:0", "type": "DOCUMENT", "children": [{"id": "0:1", "type": "CANVAS", "children": [')
            out.write('{"id": "1:0", "name": "Chip", "type": "COMPONENT_SET", "componentPropertyDefinitions": {"Size": {"type": "VARIANT", "defaultValue": "Small", '
                      '"variantOptions": ["Small", "Large"]}}, "children": [{"id": "1:1", "name": "Size=Small", "type": "COMPONENT"}, {"id": "1:2", "name": "Size=Large", "type": "COMPONENT"}]}')
            index = 0
            while out.tell() < megabytes * 1_000_000:
                out.write(', {"id": "5:%d", "name": "Frame", "type": "FRAME", "children": [%s]}' % (index, ", ".join(rect % (index * 40 + k, k) for k in range(40))))
                index += 1
            out.write("]}]}}")
        with_figma = f"{BINARY} check --source {catalog} > /dev/null 2>&1; true"
        without = f"{BINARY} check --source {plain} > /dev/null 2>&1; true"
        results = hyperfine([("with figma", "true", with_figma), ("without figma", "true", without)], runs, folder / "hyperfine.json")
        rows.append((place, results, peak_memory(with_figma), peak_memory(without), big.stat().st_size))
        shutil.rmtree(folder, ignore_errors=True)
    print()
    print(f"Figma as design truth: check of one component against a generated {megabytes} MB design file (figma.files):")
    print()
    print("| where | check with the file | without | the file's share | peak memory with | without |")
    print("|---|---:|---:|---:|---:|---:|")
    for place, results, memory, plain_memory, size in rows:
        ours, plain = results["with figma"]["mean"], results["without figma"]["mean"]
        print(f"| {place} | {ours:.2f} s ± {results['with figma']['stddev']:.2f} | {plain:.2f} s | {ours - plain:.2f} s "
              f"({size / 1048576 / max(ours - plain, 1e-9):,.0f} MiB/s) | {memory:.0f} MiB | {plain_memory:.0f} MiB |")



def demangled(text):
    """Swift symbols in a perf report, demangled and simplified (the text as it was without the
    toolchain's demangler)."""
    command = ["swift-demangle"] if shutil.which("swift-demangle") else [shutil.which("swift"), "demangle"] if shutil.which("swift") else None
    if command is None:
        return text
    try:
        return subprocess.run([*command, "--simplified"], input=text, text=True, capture_output=True).stdout or text
    except OSError:
        return text


def phase_benchmark(counts, runs=3):
    """Where a cold build's time goes (`CATALOG_BUILD_TIMING=1`: each phase's time and the
    resident memory after it), per N, on tmpfs; then a `perf` profile of the N = 1,000 build's
    CPU, the symbols that take the largest shares."""
    parent = places()[0][1]
    tables = []
    for count in counts:
        catalog = generate(count) / "catalog"
        totals = {}
        order = []
        for _ in range(runs):
            output = parent / f"phases-{count}"
            shutil.rmtree(output, ignore_errors=True)
            result = subprocess.run([str(BINARY), "build", "--source", str(catalog), "--output", str(output)], text=True, capture_output=True,
                                    env={**os.environ, "CATALOG_BUILD_TIMING": "1"})
            # The reader, the pipeline and the writer each print a line of their phases.
            lines = [line[len("timing: "):] for line in result.stderr.splitlines() if line.startswith("timing: ")]
            for match in (match for line in lines for match in re.finditer(r"(?:^|, )([^,(]+?) (\d+) ms \(CPU (\d+) ms, (\d+) MiB\)", line)):
                name = match.group(1)
                if name not in totals:
                    order.append(name)
                    totals[name] = [0, 0, 0]
                totals[name][0] += int(match.group(2)) / runs
                totals[name][2] += int(match.group(3)) / runs
                totals[name][1] = max(totals[name][1], int(match.group(4)))
            shutil.rmtree(output, ignore_errors=True)
        tables.append((count, order, totals))
    for count, order, totals in tables:
        whole = sum(value[0] for value in totals.values()) or 1
        print()
        print(f"Phases of a cold build at N = {count:,} (tmpfs, mean of {runs}; CPU is every thread's, so a phase on both cores shows up to twice its time; memory is the resident size after the phase):")
        print()
        print("| phase | time | share | CPU | cores busy | resident after |")
        print("|---|---:|---:|---:|---:|---:|")
        for name in order:
            wall, resident, cpu = totals[name]
            print(f"| {name} | {wall:.0f} ms | {100 * wall / whole:.0f} % | {cpu:.0f} ms | {cpu / wall if wall else 0:.1f} | {resident} MiB |")
        cpu_whole = sum(value[2] for value in totals.values())
        print(f"| all | {whole:.0f} ms | 100 % | {cpu_whole:.0f} ms | {cpu_whole / whole:.1f} | |")
    perf = shutil.which("perf")
    if perf is None:
        print("\n(no perf on this machine: the profile is left out; install linux-perf)")
        return
    catalog = generate(1000) / "catalog"
    output, data = parent / "phases-perf", parent / "perf.data"
    shutil.rmtree(output, ignore_errors=True)
    recorded = subprocess.run([perf, "record", "-e", "cpu-clock", "-F", "2000", "-g", "-o", str(data), "--", str(BINARY), "build",
                               "--source", str(catalog), "--output", str(output)], text=True, capture_output=True)
    if recorded.returncode != 0:
        print(f"\n(perf record did not run: {recorded.stderr.strip().splitlines()[-1:]})")
        return
    report = subprocess.run([perf, "report", "-i", str(data), "--stdio", "--no-children", "--sort", "dso,symbol", "--percent-limit", "1.5", "-g", "none"],
                            text=True, capture_output=True).stdout
    report = demangled(report)
    print()
    print("CPU profile of the N = 1,000 build (perf, cpu-clock, self time; entries over 1.5 %):")
    print()
    print("| share | where | symbol |")
    print("|---:|---|---|")
    for line in report.splitlines():
        match = re.match(r"\s*([\d.]+)%\s+(\S+)\s+\[[.k]\]\s+(.*)", line)
        if match:
            symbol = re.sub(r"( -)+$", "", " ".join(match.group(3).split()))
            print(f"| {match.group(1)} % | {match.group(2)} | `{symbol[:110]}` |")
    # Inclusive: each step's share of the build, and the template engine's (its lookups apart).
    children = subprocess.run([perf, "report", "-i", str(data), "--stdio", "--children", "--sort", "symbol", "--percent-limit", "3", "-g", "none"],
                              text=True, capture_output=True).stdout
    children = demangled(children)
    print()
    print("Where the N = 1,000 build's CPU goes, inclusive (each step with what it calls; the template engine and its name lookups):")
    print()
    print("| share | what |")
    print("|---:|---|")
    seen = set()
    for line in children.splitlines():
        match = re.match(r"\s*([\d.]+)%\s+[\d.]+%\s+\[[.k]\]\s+(.*)", line)
        if not match:
            continue
        symbol = re.sub(r"( -)+$", "", " ".join(match.group(2).split()))
        step = re.search(r"in conformance (\S+)$", symbol)
        what = f"step {step.group(1)}" if step and "Step.run" in symbol else symbol if re.match(r"MustacheTemplate\.(render\(context:\)|getChild)|(static )?CompiledTemplate\.(render\(_:library:\)|lookup)", symbol) else None
        if what and what not in seen:
            seen.add(what)
            print(f"| {match.group(1)} % | `{what[:110]}` |")
    shutil.rmtree(output, ignore_errors=True)
    data.unlink(missing_ok=True)


def template_benchmark(count=1000, runs=3):
    """The compiled templates against swift-mustache on the same catalog: the render phase, the
    CPU spent rendering templates (perf: samples inside Theme.render, at 2,000 Hz), and whether the
    two sites are the same bytes."""
    parent = places()[0][1]
    catalog = generate(count) / "catalog"
    perf = shutil.which("perf")
    figures = {}
    outputs = {}
    for engine in ("swift-mustache", "compiled"):
        env = {**os.environ, "CATALOG_BUILD_TIMING": "1"}
        if engine == "swift-mustache":
            env["CATALOG_BUILD_MUSTACHE"] = "swift-mustache"
        output = parent / f"templates-{engine}"
        renders = []
        for _ in range(runs):
            shutil.rmtree(output, ignore_errors=True)
            result = subprocess.run([str(BINARY), "build", "--source", str(catalog), "--output", str(output)], text=True, capture_output=True, env=env)
            match = re.search(r"render (\d+) ms", result.stderr)
            if match:
                renders.append(int(match.group(1)))
        outputs[engine] = output
        cpu = None
        if perf:
            data = parent / f"templates-{engine}.perf"
            scratch = parent / f"templates-{engine}-perf"
            shutil.rmtree(scratch, ignore_errors=True)
            subprocess.run([perf, "record", "-e", "cpu-clock", "-F", "2000", "-g", "-o", str(data), "--", str(BINARY), "build", "--source", str(catalog), "--output", str(scratch)],
                           text=True, capture_output=True, env=env)
            report = subprocess.run([perf, "report", "-i", str(data), "--stdio", "--children", "--sort", "symbol", "-g", "none"], text=True, capture_output=True).stdout
            counts = subprocess.run([perf, "report", "-i", str(data), "--stdio", "--no-children", "-n", "--sort", "comm", "-g", "none"], text=True, capture_output=True).stdout
            samples = sum(int(match.group(1)) for match in re.finditer(r"^\s*[\d.]+%\s+(\d+)\s", counts, re.M))
            # Each engine's entry point: what it spends rendering, with everything it calls.
            entry = r"MustacheLibrary\.render\(_:withTemplate:\)" if engine == "swift-mustache" else r"CompiledTemplate\.render\(_:library:\)"
            for line in demangled(report).splitlines():
                match = re.match(r"\s*([\d.]+)%\s+[\d.]+%\s+\[[.k]\]\s+(.*)", line)
                if match and re.search(entry, match.group(2)):
                    cpu = float(match.group(1)) / 100 * samples / 2000
                    break
            shutil.rmtree(scratch, ignore_errors=True)
            data.unlink(missing_ok=True)
        figures[engine] = (statistics.mean(renders) if renders else float("nan"), min(renders or [0]), cpu)
    same = subprocess.run(["diff", "-r", "-q", str(outputs["swift-mustache"]), str(outputs["compiled"])], capture_output=True, text=True)
    print()
    print(f"Templates at N = {count:,} (tmpfs, {runs} cold builds each; CPU is the time inside the engine's render, with all it calls, on all threads, by perf at 2,000 Hz):")
    print()
    print("| engine | render phase (mean) | fastest | CPU rendering templates |")
    print("|---|---:|---:|---:|")
    for engine, (mean, fastest, cpu) in figures.items():
        print(f"| {engine} | {mean:.0f} ms | {fastest} ms | {'%.2f s' % cpu if cpu is not None else 'n/a'} |")
    reference, compiled = figures["swift-mustache"][2], figures["compiled"][2]
    if reference and compiled:
        print(f"\nThe compiled templates render {reference / compiled:.1f} × as fast as swift-mustache (CPU inside the engine).")
    print("The two sites are " + ("byte-identical." if same.returncode == 0 else "NOT identical:\n" + same.stdout[:2000]))
    for output in outputs.values():
        shutil.rmtree(output, ignore_errors=True)


# #58's targets, measured on this machine, release build, tmpfs: (what, figure, how it is printed,
# the bound, whether lower is the goal). The N = 10,000 bound is the cold build when #58 was filed
# (docs/performance.md: 41.4 s), which a change must not exceed.
TARGETS = [
    ("cold build, N = 1,000", "cold 1000", "{:.2f} s", 1.6),
    ("peak memory, N = 1,000", "memory 1000", "{:.0f} MiB", 170),
    ("published, N = 1,000", "published 1000", "{:.1f} MiB", 80),
    ("ten releases of 1,000 components", "releases 1000", "{:.0f} MiB", 900),
    ("one-file rebuild in serve (median)", "rebuild", "{:.0f} ms", 100),
    ("cold build, N = 10,000 (no slower than when #58 was filed)", "cold 10000", "{:.1f} s", 41.4),
]


def print_targets():
    """The targets of #58 beside what this run measured: met, not met, or not measured."""
    print()
    print("Targets (#58), this run:")
    print()
    print("| target | bound | measured | |")
    print("|---|---:|---:|---|")
    for what, key, form, bound in TARGETS:
        value = FIGURES.get(key)
        verdict = "not measured" if value is None else ("met" if value <= bound else "not met")
        measured = "–" if value is None else form.format(value)
        print(f"| {what} | ≤ {form.format(bound)} | {measured} | {verdict} |")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("what", choices=["build", "serve", "hostile", "search", "code", "figma", "phases", "snapshot", "versions", "templates"])
    parser.add_argument("--counts", default="1000,10000")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    if not BINARY.exists():
        sys.exit("build the release binary first: swift build -c release")
    WORK.mkdir(exist_ok=True)
    print(f"Machine: {machine()}")
    if args.what == "hostile":
        hostile_benchmark()
        return
    if args.what == "search":
        search_index_figure()
        return
    if args.what == "code":
        code_benchmark(runs=args.runs)
        return
    if args.what == "figma":
        figma_benchmark(runs=args.runs)
        return
    if args.what == "phases":
        phase_benchmark([int(count) for count in args.counts.split(",")], runs=args.runs)
        return
    if args.what == "snapshot":
        snapshot_benchmark()
        return
    if args.what == "templates":
        template_benchmark(runs=args.runs)
        return
    if args.what == "versions":
        versions_benchmark()
        scale_benchmark()
        return
    print(f"Versions: {run([str(BINARY), '--version']).stdout.strip()} (catalog-build), {run(['hugo', 'version']).stdout.split()[1]} (Hugo), {run(['cmark-gfm', '--version']).stdout.splitlines()[0]}")
    if args.what == "build":
        rows = build_benchmark([int(count) for count in args.counts.split(",")], args.runs)
        print_build(rows)
        phase_benchmark([int(count) for count in args.counts.split(",")], runs=args.runs)
        template_benchmark(runs=args.runs)
        search_index_figure()
        print_serve_rebuild(*serve_rebuild())
        hostile_benchmark()
        code_benchmark(runs=args.runs)
        figma_benchmark(runs=args.runs)
        snapshot_benchmark()
        versions_benchmark()
        scale_benchmark()
        print_targets()
    else:
        print_requests(*requests_per_second())
        print_serve_rebuild(*serve_rebuild())
        print_serve_overlay(serve_overlay())


if __name__ == "__main__":
    main()
