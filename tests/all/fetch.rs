//! `bin/fetch-exercism-test-helper`, and the action's step that runs it, against a fake
//! release served on 127.0.0.1 by a small HTTP server of the test's own: the GitHub releases'
//! layout (`<base>/download/v<version>/<asset>`, `<base>/latest` redirecting to
//! `<base>/tag/v<version>`), a shell script as the "binary" in its archive, and the
//! checksum file. The build fallback runs a fake cargo (`CARGO`) that records its arguments
//! and "builds" a script of its own, so no test builds the crate. Every run has a clean
//! environment (no proxy, no variable of the script's own but those given). Needs curl, tar,
//! gzip and sha256sum; the wget test, wget.

use std::collections::HashMap;
use std::fs;
use std::io::{Read, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

use crate::common;

const VERSION: &str = "0.2.0";
/// What the released "binary" prints.
const RELEASED: &str = "exercism_test_helper 0.2.0 (released)";
/// What the fake cargo's "build" prints.
const BUILT: &str = "exercism_test_helper (built from source)";

/// One answer of the server.
#[derive(Clone)]
enum Reply {
    Body(Vec<u8>),
    Redirect(String),
}

/// An HTTP/1.1 server on 127.0.0.1 answering GETs from a table of paths (404 for any other),
/// one connection at a time, until dropped. It listens before `start` returns: no wait.
struct Server {
    address: SocketAddr,
    routes: Arc<Mutex<HashMap<String, Reply>>>,
    requests: Arc<Mutex<Vec<String>>>,
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

impl Server {
    fn start() -> Server {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let address = listener.local_addr().unwrap();
        let routes: Arc<Mutex<HashMap<String, Reply>>> = Arc::default();
        let requests: Arc<Mutex<Vec<String>>> = Arc::default();
        let stop = Arc::new(AtomicBool::new(false));
        let thread = {
            let (routes, requests, stop) = (routes.clone(), requests.clone(), stop.clone());
            std::thread::spawn(move || {
                for stream in listener.incoming() {
                    if stop.load(Ordering::SeqCst) {
                        break;
                    }
                    if let Ok(stream) = stream {
                        answer(stream, &routes, &requests);
                    }
                }
            })
        };
        Server {
            address,
            routes,
            requests,
            stop,
            thread: Some(thread),
        }
    }

    /// `http://127.0.0.1:<port>`.
    fn url(&self) -> String {
        format!("http://{}", self.address)
    }

    fn route(&self, path: &str, reply: Reply) {
        self.routes.lock().unwrap().insert(path.to_string(), reply);
    }

    /// The paths asked for so far.
    fn requests(&self) -> Vec<String> {
        self.requests.lock().unwrap().clone()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        // Wakes the accept loop, which then sees `stop`.
        let _ = TcpStream::connect(self.address);
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// Reads one request from `stream` and answers it.
fn answer(
    mut stream: TcpStream,
    routes: &Mutex<HashMap<String, Reply>>,
    requests: &Mutex<Vec<String>>,
) {
    // Bounds a client that connects and sends nothing (the wake-up in `drop`), not a test.
    let _ = stream.set_read_timeout(Some(Duration::from_secs(30)));
    let mut head = Vec::new();
    let mut byte = [0u8; 1];
    while !head.ends_with(b"\r\n\r\n") {
        match stream.read(&mut byte) {
            Ok(1) => head.push(byte[0]),
            _ => return,
        }
    }
    let head = String::from_utf8_lossy(&head);
    let Some(path) = head.split_whitespace().nth(1) else {
        return;
    };
    requests.lock().unwrap().push(path.to_string());
    let reply = routes.lock().unwrap().get(path).cloned();
    let (status, location, body) = match reply {
        Some(Reply::Body(body)) => ("200 OK", None, body),
        Some(Reply::Redirect(to)) => ("302 Found", Some(to), Vec::new()),
        None => ("404 Not Found", None, b"Not Found".to_vec()),
    };
    let mut response = format!(
        "HTTP/1.1 {status}\r\nContent-Length: {}\r\nConnection: close\r\n",
        body.len()
    );
    if let Some(location) = location {
        response.push_str(&format!("Location: {location}\r\n"));
    }
    response.push_str("\r\n");
    let _ = stream.write_all(response.as_bytes());
    let _ = stream.write_all(&body);
}

/// This machine's platform as the release names it (`linux-x86_64`): Rust's names of the
/// systems and architectures the release has are the release's.
fn platform() -> String {
    format!("{}-{}", std::env::consts::OS, std::env::consts::ARCH)
}

/// An executable shell script at `path` that prints `says`.
fn script(path: &Path, says: &str) {
    fs::write(path, format!("#!/bin/sh\necho '{says}'\n")).unwrap();
    fs::set_permissions(path, fs::Permissions::from_mode(0o755)).unwrap();
}

/// The SHA-256 of `bytes`, as sha256sum writes it.
fn sha256(work: &Path, bytes: &[u8]) -> String {
    let file = work.join("to-hash");
    fs::write(&file, bytes).unwrap();
    let out = Command::new("sha256sum").arg(&file).output().unwrap();
    assert!(out.status.success(), "sha256sum: {out:?}");
    String::from_utf8(out.stdout).unwrap()[..64].to_string()
}

/// A release archive as the release workflow packs it: `exercism_test_helper`, a script that
/// prints `says`, with a LICENSE beside it.
fn archive(work: &Path, says: &str) -> Vec<u8> {
    let stage = work.join("stage");
    fs::create_dir_all(&stage).unwrap();
    script(&stage.join("exercism_test_helper"), says);
    fs::write(stage.join("LICENSE"), "the license\n").unwrap();
    let archive = work.join("archive.tar.gz");
    let out = Command::new("tar")
        .arg("-czf")
        .arg(&archive)
        .arg("-C")
        .arg(&stage)
        .args(["exercism_test_helper", "LICENSE"])
        .output()
        .unwrap();
    assert!(out.status.success(), "tar: {out:?}");
    fs::read(archive).unwrap()
}

/// The asset's name for `version` on this platform.
fn asset(version: &str) -> String {
    format!("exercism_test_helper-{version}-{}.tar.gz", platform())
}

/// Serves release `version` under `<prefix>/releases` (`/releases` for the script's own
/// tests, `/<owner>/<repository>/releases` as the action asks): `served` is the archive sent,
/// `checked` the archive whose SHA-256 the checksum file gives (the same for a good release),
/// listed among another platform's.
fn serve_release(server: &Server, work: &Path, prefix: &str, served: &[u8], checked: &[u8]) {
    let base = format!("{prefix}/releases");
    let sums = format!(
        "{}  exercism_test_helper-{VERSION}-plan9-mips.tar.gz\n{}  {}\n",
        "0".repeat(64),
        sha256(work, checked),
        asset(VERSION)
    );
    server.route(
        &format!("{base}/download/v{VERSION}/{}", asset(VERSION)),
        Reply::Body(served.to_vec()),
    );
    server.route(
        &format!("{base}/download/v{VERSION}/exercism_test_helper-{VERSION}-checksums-sha256.txt"),
        Reply::Body(sums.into_bytes()),
    );
    server.route(
        &format!("{base}/latest"),
        Reply::Redirect(format!("{}{base}/tag/v{VERSION}", server.url())),
    );
    server.route(
        &format!("{base}/tag/v{VERSION}"),
        Reply::Body(b"the release's page".to_vec()),
    );
}

/// A good release of `VERSION` under `/releases`.
fn good_release(server: &Server, work: &Path) {
    let good = archive(work, RELEASED);
    serve_release(server, work, "", &good, &good);
}

/// A checkout to build (`source/`, a Cargo.toml naming the crate) and a fake cargo
/// (`cargo`) that appends its arguments to `cargo.log` and writes, where cargo would, a
/// "binary" printing `BUILT`.
fn fake_source(work: &Path) {
    let source = work.join("source");
    fs::create_dir_all(&source).unwrap();
    fs::write(
        source.join("Cargo.toml"),
        "[package]\nname = \"exercism_test_helper\"\n",
    )
    .unwrap();
    let cargo = work.join("cargo");
    fs::write(
        &cargo,
        format!(
            "#!/bin/sh\nprintf '%s\\n' \"$*\" >> '{log}'\n\
             mkdir -p '{source}/target/release'\n\
             printf '#!/bin/sh\\necho \"{BUILT}\"\\n' > '{source}/target/release/exercism_test_helper'\n\
             chmod +x '{source}/target/release/exercism_test_helper'\n",
            log = work.join("cargo.log").display(),
            source = source.display(),
        ),
    )
    .unwrap();
    fs::set_permissions(&cargo, fs::Permissions::from_mode(0o755)).unwrap();
}

/// What the fake cargo was called with, one call a line ("" when never called).
fn cargo_calls(work: &Path) -> String {
    fs::read_to_string(work.join("cargo.log")).unwrap_or_default()
}

/// The fetch script run in `work` with `args`, its releases at `releases`, the fake cargo and
/// source, and `env`; PATH is the machine's unless `env` gives one.
fn fetch(work: &Path, releases: &str, args: &[&str], env: &[(&str, &str)]) -> Output {
    let mut command = Command::new(common::root().join("bin/fetch-exercism-test-helper"));
    command
        .current_dir(work)
        .args(args)
        .env_clear()
        .env("PATH", std::env::var_os("PATH").unwrap())
        .env("HOME", work)
        .env("EXERCISM_TEST_HELPER_RELEASES", releases)
        .env("EXERCISM_TEST_HELPER_SOURCE", work.join("source"))
        .env("CARGO", work.join("cargo"));
    command.envs(env.iter().copied());
    common::output_within(&mut command, Duration::from_secs(300))
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// What the binary at `path` prints when run.
fn runs_as(path: &Path) -> String {
    let out = Command::new(path).output().unwrap();
    String::from_utf8_lossy(&out.stdout).trim().to_string()
}

/// Every file under `dir` (none when it does not exist), relative to it.
fn files(dir: &Path) -> Vec<String> {
    let mut found = Vec::new();
    if let Ok(entries) = fs::read_dir(dir) {
        for entry in entries {
            found.push(entry.unwrap().file_name().to_string_lossy().into_owned());
        }
    }
    found.sort();
    found
}

#[test]
fn a_release_whose_checksum_matches_is_installed_with_one_line() {
    let work = tempfile::tempdir().unwrap();
    fake_source(work.path());
    let server = Server::start();
    good_release(&server, work.path());
    let releases = format!("{}/releases", server.url());
    let out = fetch(work.path(), &releases, &["v0.2.0", "tools"], &[]);
    assert_eq!(
        stderr(&out),
        format!(
            "fetched exercism_test_helper 0.2.0 for {} into tools (sha256 ok)\n",
            platform()
        )
    );
    assert!(out.status.success(), "{out:?}");
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "tools/exercism_test_helper\n"
    );
    let installed = work.path().join("tools/exercism_test_helper");
    assert_eq!(runs_as(&installed), RELEASED);
    assert_eq!(files(&work.path().join("tools")), ["exercism_test_helper"]);
    assert_eq!(cargo_calls(work.path()), "", "nothing is built");
}

#[test]
fn latest_is_the_release_latest_redirects_to_and_bin_the_folder() {
    let work = tempfile::tempdir().unwrap();
    fake_source(work.path());
    let server = Server::start();
    good_release(&server, work.path());
    let releases = format!("{}/releases", server.url());
    let out = fetch(work.path(), &releases, &[], &[]);
    assert_eq!(
        stderr(&out),
        format!(
            "fetched exercism_test_helper 0.2.0 for {} into bin (sha256 ok)\n",
            platform()
        )
    );
    assert!(out.status.success());
    assert_eq!(
        runs_as(&work.path().join("bin/exercism_test_helper")),
        RELEASED
    );
    assert_eq!(
        server.requests(),
        [
            "/releases/latest".to_string(),
            "/releases/tag/v0.2.0".to_string(),
            "/releases/download/v0.2.0/exercism_test_helper-0.2.0-checksums-sha256.txt".to_string(),
            format!("/releases/download/v0.2.0/{}", asset(VERSION)),
        ]
    );
    // The version may come from the environment too.
    let out = fetch(
        work.path(),
        &releases,
        &[],
        &[("EXERCISM_TEST_HELPER_VERSION", "9.9.9")],
    );
    assert!(
        stderr(&out).starts_with("no release 9.9.9 "),
        "{}",
        stderr(&out)
    );
}

#[test]
fn a_checksum_mismatch_installs_nothing_builds_nothing_and_fails() {
    let work = tempfile::tempdir().unwrap();
    fake_source(work.path());
    let server = Server::start();
    // The checksum file is the real release's; the archive served is another.
    let good = archive(work.path(), RELEASED);
    let bad = archive(work.path(), "a binary of someone else's");
    serve_release(&server, work.path(), "", &bad, &good);
    let releases = format!("{}/releases", server.url());
    let out = fetch(work.path(), &releases, &["0.2.0"], &[]);
    assert_eq!(
        stderr(&out),
        format!(
            "checksum mismatch for {} (expected {}, got {}): refusing to install it\n",
            asset(VERSION),
            sha256(work.path(), &good),
            sha256(work.path(), &bad)
        )
    );
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(String::from_utf8_lossy(&out.stdout), "");
    assert_eq!(files(&work.path().join("bin")), Vec::<String>::new());
    assert_eq!(
        cargo_calls(work.path()),
        "",
        "a mismatch is never built around"
    );
}

#[test]
fn no_such_version_builds_from_source() {
    let work = tempfile::tempdir().unwrap();
    fake_source(work.path());
    let server = Server::start();
    good_release(&server, work.path());
    let releases = format!("{}/releases", server.url());
    let out = fetch(work.path(), &releases, &["9.9.9"], &[]);
    let source = work.path().join("source");
    assert_eq!(
        stderr(&out),
        format!(
            "no release 9.9.9 for {} ({releases}/download/v9.9.9/\
             exercism_test_helper-9.9.9-checksums-sha256.txt: not found): building from \
             source in {}\n",
            platform(),
            source.display()
        )
    );
    assert!(out.status.success(), "{out:?}");
    assert_eq!(
        cargo_calls(work.path()),
        format!(
            "build --release --locked --manifest-path {}/Cargo.toml\n",
            source.display()
        )
    );
    assert_eq!(
        runs_as(&work.path().join("bin/exercism_test_helper")),
        BUILT
    );
    // Without EXERCISM_TEST_HELPER_SOURCE, the checkout the script is in is built.
    let out = fetch(
        work.path(),
        &releases,
        &["9.9.9"],
        &[("EXERCISM_TEST_HELPER_SOURCE", "")],
    );
    let root = common::root();
    assert!(
        stderr(&out).contains(&format!(": building from source in {}\n", root.display())),
        "{}",
        stderr(&out)
    );
    assert_eq!(
        cargo_calls(work.path()).lines().last(),
        Some(
            format!(
                "build --release --locked --manifest-path {}/Cargo.toml",
                root.display()
            )
            .as_str()
        )
    );
    // A branch or a commit names no release either.
    let out = fetch(work.path(), &releases, &["main"], &[]);
    assert!(
        stderr(&out).starts_with(&format!(
            "no release main for {} (not a version: give one as 0.2.0, or latest): \
             building from source in ",
            platform()
        )),
        "{}",
        stderr(&out)
    );
}

#[test]
fn no_network_builds_from_source() {
    let work = tempfile::tempdir().unwrap();
    fake_source(work.path());
    // A port that was just listened on and is closed now: the connection is refused.
    let closed = TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap();
    let releases = format!("http://{closed}/releases");
    let out = fetch(work.path(), &releases, &["0.2.0"], &[]);
    let line = stderr(&out);
    assert!(
        line.starts_with(&format!(
            "no release 0.2.0 for {} (cannot reach {releases}/download/v0.2.0/\
             exercism_test_helper-0.2.0-checksums-sha256.txt: ",
            platform()
        )) && line.ends_with(&format!(
            "): building from source in {}\n",
            work.path().join("source").display()
        )) && line.lines().count() == 1,
        "{line}"
    );
    assert!(out.status.success(), "{out:?}");
    assert_eq!(
        runs_as(&work.path().join("bin/exercism_test_helper")),
        BUILT
    );
    // And `latest`, which asks first where the latest release is.
    let out = fetch(work.path(), &releases, &["latest"], &[]);
    assert!(
        stderr(&out).starts_with(&format!(
            "no release latest for {} (cannot reach {releases}/latest: ",
            platform()
        )),
        "{}",
        stderr(&out)
    );
    assert_eq!(cargo_calls(work.path()).lines().count(), 2);
}

#[test]
fn piped_into_bash_it_has_no_checkout_to_build_and_says_so() {
    let work = tempfile::tempdir().unwrap();
    fake_source(work.path());
    let closed = TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap();
    // As `curl -fsSL …/bin/fetch-exercism-test-helper | bash` runs it.
    let out = Command::new("bash")
        .current_dir(work.path())
        .stdin(fs::File::open(common::root().join("bin/fetch-exercism-test-helper")).unwrap())
        .env_clear()
        .env("PATH", std::env::var_os("PATH").unwrap())
        .env(
            "EXERCISM_TEST_HELPER_RELEASES",
            format!("http://{closed}/releases"),
        )
        .env("CARGO", work.path().join("cargo"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    assert!(
        stderr(&out).ends_with(
            "), and no checkout of exercism_test_helper to build: set \
             EXERCISM_TEST_HELPER_SOURCE to one\n"
        ),
        "{}",
        stderr(&out)
    );
    assert_eq!(cargo_calls(work.path()), "");
}

#[test]
fn with_no_build_a_missing_release_exits_3_and_builds_nothing() {
    let work = tempfile::tempdir().unwrap();
    fake_source(work.path());
    let server = Server::start();
    let releases = format!("{}/releases", server.url());
    let out = fetch(work.path(), &releases, &["--no-build", "0.2.0"], &[]);
    assert_eq!(out.status.code(), Some(3), "{out:?}");
    assert!(
        stderr(&out).ends_with("not found): not building it (--no-build)\n"),
        "{}",
        stderr(&out)
    );
    assert_eq!(cargo_calls(work.path()), "");
    assert_eq!(files(&work.path().join("bin")), Vec::<String>::new());
}

#[test]
fn another_platform_is_fetched_but_never_built() {
    let work = tempfile::tempdir().unwrap();
    fake_source(work.path());
    let server = Server::start();
    good_release(&server, work.path());
    let releases = format!("{}/releases", server.url());
    let out = fetch(
        work.path(),
        &releases,
        &["0.2.0"],
        &[("EXERCISM_TEST_HELPER_PLATFORM", "plan9-mips")],
    );
    // The checksum file lists plan9-mips (all zeros), the archive is not there: no release,
    // and no build of this machine's binary in its place.
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    assert!(
        stderr(&out).ends_with(&format!(
            "exercism_test_helper-0.2.0-plan9-mips.tar.gz: not found): cannot build it here, \
             on {}\n",
            platform()
        )),
        "{}",
        stderr(&out)
    );
    assert_eq!(cargo_calls(work.path()), "");
}

/// Where `tool` is on PATH.
fn which(tool: &str) -> Option<PathBuf> {
    std::env::split_paths(&std::env::var_os("PATH")?)
        .map(|dir| dir.join(tool))
        .find(|path| path.is_file())
}

#[test]
fn wget_fetches_it_where_curl_is_absent() {
    let work = tempfile::tempdir().unwrap();
    fake_source(work.path());
    let server = Server::start();
    good_release(&server, work.path());
    // A PATH of the tools the script uses, wget for curl.
    let tools = work.path().join("tools");
    fs::create_dir(&tools).unwrap();
    for tool in [
        "bash",
        "wget",
        "uname",
        "mktemp",
        "rm",
        "cp",
        "mv",
        "mkdir",
        "chmod",
        "sed",
        "tail",
        "tr",
        "cut",
        "awk",
        "grep",
        "sha256sum",
        "tar",
        "gzip",
    ] {
        let path = which(tool).unwrap_or_else(|| panic!("this test needs {tool} on PATH"));
        std::os::unix::fs::symlink(path, tools.join(tool)).unwrap();
    }
    let path = tools.to_str().unwrap();
    let releases = format!("{}/releases", server.url());
    let out = fetch(work.path(), &releases, &[], &[("PATH", path)]);
    assert_eq!(
        stderr(&out),
        format!(
            "fetched exercism_test_helper 0.2.0 for {} into bin (sha256 ok)\n",
            platform()
        )
    );
    assert_eq!(
        runs_as(&work.path().join("bin/exercism_test_helper")),
        RELEASED
    );
    let out = fetch(work.path(), &releases, &["9.9.9"], &[("PATH", path)]);
    assert!(
        stderr(&out).contains("checksums-sha256.txt: not found): building from source"),
        "{}",
        stderr(&out)
    );
}

/// The `run: |` block of the step with `id: <id>` in action.yml, dedented.
fn action_step(id: &str) -> String {
    let action = fs::read_to_string(common::root().join("action.yml")).unwrap();
    let lines: Vec<&str> = action.lines().collect();
    let at = lines
        .iter()
        .position(|line| line.trim() == format!("id: {id}"))
        .unwrap_or_else(|| panic!("no step {id} in action.yml"));
    let run = at
        + lines[at..]
            .iter()
            .position(|line| line.trim() == "run: |")
            .expect("the step runs a block");
    let key_indent = lines[run].len() - lines[run].trim_start().len();
    let body: Vec<&str> = lines[run + 1..]
        .iter()
        .take_while(|line| {
            line.trim().is_empty() || line.len() - line.trim_start().len() > key_indent
        })
        .copied()
        .collect();
    let indent = body
        .iter()
        .filter(|line| !line.trim().is_empty())
        .map(|line| line.len() - line.trim_start().len())
        .min()
        .unwrap();
    body.iter()
        .map(|line| line.get(indent..).unwrap_or("").to_string() + "\n")
        .collect()
}

/// Runs the action's fetch step as GitHub runs a bash step, with the action at this
/// checkout, its ref `action_ref`, the `version` input and the repository it comes from
/// served by `server`; gives its output, its stderr and what it wrote to GITHUB_OUTPUT.
fn action_fetch(work: &Path, server: &Server, action_ref: &str, version: &str) -> (Output, String) {
    let step = work.join("step.sh");
    fs::write(&step, action_step("fetch")).unwrap();
    let outputs = work.join("outputs");
    let _ = fs::remove_file(&outputs);
    let temp = work.join("runner-temp");
    fs::create_dir_all(&temp).unwrap();
    let mut command = Command::new("bash");
    command
        .args(["--noprofile", "--norc", "-eo", "pipefail"])
        .arg(&step)
        .current_dir(work)
        .env_clear()
        .env("PATH", std::env::var_os("PATH").unwrap())
        .env("GITHUB_ACTION_PATH", common::root())
        .env("GITHUB_OUTPUT", &outputs)
        .env("RUNNER_TEMP", &temp)
        .env("VERSION", version)
        .env("ACTION_REF", action_ref)
        .env("ACTION_REPOSITORY", "exercism/test-helper")
        .env("SERVER_URL", server.url())
        .env("CARGO", work.join("cargo"));
    let out = common::output_within(&mut command, Duration::from_secs(300));
    (out, fs::read_to_string(&outputs).unwrap_or_default())
}

#[test]
fn the_action_fetches_the_release_its_ref_names_and_builds_otherwise() {
    let action = fs::read_to_string(common::root().join("action.yml")).unwrap();
    for mapping in [
        "VERSION: ${{ inputs.version }}",
        "ACTION_REF: ${{ github.action_ref }}",
        "ACTION_REPOSITORY: ${{ github.action_repository }}",
        "SERVER_URL: ${{ github.server_url }}",
        "${{ inputs.binary || steps.fetch.outputs.binary || format(",
        "if: steps.fetch.outputs.build == 'true'",
    ] {
        assert!(action.contains(mapping), "action.yml lacks {mapping}");
    }
    let work = tempfile::tempdir().unwrap();
    fake_source(work.path());
    let server = Server::start();
    let good = archive(work.path(), RELEASED);
    serve_release(&server, work.path(), "/exercism/test-helper", &good, &good);
    let installed = work
        .path()
        .join("runner-temp/exercism-test-helper/exercism_test_helper");

    // uses: exercism/test-helper@v0.2.0
    let (out, outputs) = action_fetch(work.path(), &server, "v0.2.0", "");
    assert!(out.status.success(), "{out:?}");
    assert_eq!(
        stderr(&out),
        format!(
            "fetched exercism_test_helper 0.2.0 for {} into {} (sha256 ok)\n",
            platform(),
            installed.parent().unwrap().display()
        )
    );
    assert_eq!(outputs, format!("binary={}\n", installed.display()));
    assert_eq!(runs_as(&installed), RELEASED);

    // uses: exercism/test-helper@main, with version: 0.2.0
    let (out, outputs) = action_fetch(work.path(), &server, "main", "0.2.0");
    assert!(out.status.success(), "{out:?}");
    assert!(outputs.starts_with("binary="), "{outputs}");

    // uses: exercism/test-helper@main: no release; the action's build steps run.
    let (out, outputs) = action_fetch(work.path(), &server, "main", "");
    assert!(out.status.success(), "{out:?}");
    assert_eq!(
        stderr(&out),
        format!(
            "no release main for {} (not a version: give one as 0.2.0, or latest): not \
             building it (--no-build)\nbuilding exercism_test_helper from the action's source \
             instead\n",
            platform()
        )
    );
    assert_eq!(outputs, "build=true\n");

    // uses: ./ (no ref known)
    let (out, outputs) = action_fetch(work.path(), &server, "", "");
    assert!(out.status.success(), "{out:?}");
    assert_eq!(outputs, "build=true\n");
    assert_eq!(
        cargo_calls(work.path()),
        "",
        "the action's own steps build, with their cache"
    );

    // A release whose archive is not the one its checksums name fails the step.
    let bad = archive(work.path(), "a binary of someone else's");
    serve_release(&server, work.path(), "/exercism/test-helper", &bad, &good);
    fs::remove_file(&installed).unwrap();
    let (out, outputs) = action_fetch(work.path(), &server, "v0.2.0", "");
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    assert!(
        stderr(&out).starts_with("checksum mismatch for "),
        "{}",
        stderr(&out)
    );
    assert_eq!(outputs, "");
    assert!(!installed.exists());
}

#[test]
fn the_release_workflow_publishes_what_the_script_fetches() {
    let workflow =
        fs::read_to_string(common::root().join(".github/workflows/release.yml")).unwrap();
    let script = fs::read_to_string(common::root().join("bin/fetch-exercism-test-helper")).unwrap();
    for platform in [
        "linux-x86_64",
        "linux-aarch64",
        "macos-x86_64",
        "macos-aarch64",
        "windows-x86_64",
    ] {
        assert!(
            workflow.contains(&format!("- platform: {platform}\n")),
            "the workflow builds no {platform}"
        );
        assert!(script.contains(platform), "the script names no {platform}");
    }
    for name in [
        "archive=exercism_test_helper-$VERSION-$PLATFORM",
        "\"$dist/$archive.zip\"",
        "\"$dist/$archive.tar.gz\"",
        "\"exercism_test_helper-$version-checksums-sha256.txt\"",
        "tags: [\"v*\"]",
    ] {
        assert!(workflow.contains(name), "the workflow lacks {name}");
    }
    for name in [
        "asset=$name-$version-$platform.$archive_ext",
        "sums=$name-$version-checksums-sha256.txt",
        "base=$releases/download/v$version",
    ] {
        assert!(script.contains(name), "the script lacks {name}");
    }
}
