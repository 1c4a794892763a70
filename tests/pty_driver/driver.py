"""A pseudo-terminal driver for the tests of the terminal's limits (tests/terminal_bounds.rs,
tests/held_lock.rs): runs the program on a pty of a given size, keeps the slave side open (so the
terminal's modes can be read after the program has gone), and offers what the scenarios need:
read until a text is drawn, press keys, resize, stop reading, send a signal, wait for the exit
(reading meanwhile or not). Each scenario prints `key=value` lines that the Rust test reads.

usage: driver.py SCENARIO BINARY DATA_DIR ARGS...
"""

import fcntl
import os
import resource
import select
import signal
import struct
import sys
import termios
import time

scenario, binary, data, args = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
seen = b""


def spawn(rows, cols, address_space=None):
    """The program on a new pty of rows x cols, as the session leader with it as its terminal."""
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
    pid = os.fork()
    if pid == 0:
        os.setsid()
        fcntl.ioctl(slave, termios.TIOCSCTTY, 0)
        for fd in (0, 1, 2):
            os.dup2(slave, fd)
        os.close(master)
        os.close(slave)
        if address_space:
            resource.setrlimit(resource.RLIMIT_AS, (address_space, address_space))
        os.environ.update(TERM="xterm-256color", TRANSFORMER_TUTOR_DATA_DIR=data)
        os.execv(binary, [binary] + args)
    return pid, master, slave


def read_for(master, seconds, until=None, since=0):
    """Read what the program writes for `seconds`, or until `until` has been seen (from byte
    `since` of all that was read)."""
    global seen
    end = time.time() + seconds
    while time.time() < end:
        if select.select([master], [], [], 0.05)[0]:
            try:
                chunk = os.read(master, 65536)
            except OSError:
                return False
            seen += chunk
            if until is not None and until in seen[since:]:
                return True
    return False


def wait_exit(pid, seconds, master=None):
    """The exit code (a signal as -N), reading the pty meanwhile when `master` is given; None if
    the program still runs after `seconds` (it is then killed)."""
    end = time.time() + seconds
    while time.time() < end:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            if master is not None:
                read_for(master, 0.2)
            return os.waitstatus_to_exitcode(status)
        if master is not None:
            read_for(master, 0.05)
        else:
            time.sleep(0.02)
    os.kill(pid, signal.SIGKILL)
    os.waitpid(pid, 0)
    return None


def report(**values):
    for key, value in values.items():
        print(f"{key}={value}")


def modes(slave):
    """The terminal's local modes that raw mode turns off, as the program left them."""
    lflag = termios.tcgetattr(slave)[3]
    return ",".join(name for name in ("ICANON", "ECHO", "ISIG", "IEXTEN") if lflag & getattr(termios, name))


def status_kb(pid, key):
    for line in open(f"/proc/{pid}/status"):
        if line.startswith(key + ":"):
            return int(line.split()[1])
    return -1


def huge_terminal():
    """A 10000x10000 terminal, the address space capped at 4 GB: the lesson is drawn, `q` quits."""
    pid, master, slave = spawn(10000, 10000, address_space=4 << 30)
    drawn = read_for(master, 90, b"Masks: no peeking")
    peak = status_kb(pid, "VmHWM") if drawn else -1
    os.write(master, b"q")
    report(drawn=drawn, peak_kb=peak, exit=wait_exit(pid, 30, master), modes=modes(slave))


def abort():
    """SIGABRT (what `abort`, and so an allocation failure, raises) while the lesson is drawn."""
    pid, master, slave = spawn(40, 120)
    drawn = read_for(master, 60, b"Masks: no peeking")
    start = len(seen)
    os.kill(pid, signal.SIGABRT)
    code = wait_exit(pid, 10, master)
    after = seen[start:]
    report(
        drawn=drawn,
        exit=code,
        modes=modes(slave),
        left_alternate=b"\x1b[?1049l" in after,
        cursor_shown=b"\x1b[?25h" in after,
        mouse_off=b"\x1b[?1000l" in after,
        said=after.split(b"\x1b[?25h")[-1].decode("utf-8", "replace").strip().replace("\n", " "),
    )


def memory_limits():
    """The tutor on a 1000x500 terminal under address-space limits (`ulimit -v`) from LOW to HIGH
    MB in steps of STEP: some too small to start, some enough to open the screen but not to draw
    its large first frame (the allocation fails, Rust aborts), some enough. Whenever the screen was
    opened it must be given back: per limit, how it ended and whether the terminal was restored."""
    global seen
    low, high, step = (int(v) for v in os.environ["TT_LIMITS_MB"].split(","))
    for mb in range(low, high + 1, step):
        seen = b""
        pid, master, slave = spawn(500, 1000, address_space=mb << 20)
        drawn = read_for(master, 20, b"Masks: no peeking")
        if drawn:
            os.write(master, b"q")
        code = wait_exit(pid, 20, master)
        opened = b"\x1b[?1049h" in seen
        after = seen[seen.rfind(b"\x1b[?1049h") :] if opened else b""
        restored = all(e in after for e in (b"\x1b[?1049l", b"\x1b[?25h", b"\x1b[?1000l"))
        said = after.split(b"\x1b[?25h")[-1].decode("utf-8", "replace").strip().replace("\r\n", " ")[:200]
        print(f"limit={mb} exit={code} opened={opened} drawn={drawn} restored={restored} modes={modes(slave)} said={said}")
        os.close(master)
        os.close(slave)


def stall(pid, master):
    """Resize the pty again and again and never read it: the program blocks writing its redraws.
    Where it waits (the kernel's name for it)."""
    for i in range(60):
        rows, cols = (60, 200) if i % 2 else (61, 201)
        fcntl.ioctl(master, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
        time.sleep(0.03)
    time.sleep(1.0)
    task = f"/proc/{pid}/task/{pid}"
    return open(f"{task}/wchan").read().strip() if os.path.exists(task) else "gone"


def stalled():
    """→ (beat 2 seen), then the pty is never read (`stall`); a signal (SIGTERM, or TT_SIGNAL)
    must end the program within seconds, progress saved (an abort saves nothing)."""
    pid, master, slave = spawn(60, 200)
    drawn = read_for(master, 60, b"beat 1/")
    os.write(master, b"\x1b[C")
    read_for(master, 0.3)  # beat 2 seen (saved now, or by whoever saves last)
    blocked_in = stall(pid, master)
    start = time.time()
    os.kill(pid, getattr(signal, os.environ.get("TT_SIGNAL", "SIGTERM")))
    code = wait_exit(pid, 10)  # the pty is still not read
    report(drawn=drawn, blocked_in=blocked_in or "-", exit=code, seconds=round(time.time() - start, 2), modes=modes(slave))


def held_lock():
    """The data directory's lock held by this driver: the lesson is drawn, → moves, the status bar
    says the lock is held, `q` (or SIGTERM, with TT_END=TERM) ends within seconds."""
    os.makedirs(data, exist_ok=True)
    lock = os.open(data, os.O_RDONLY)
    fcntl.flock(lock, fcntl.LOCK_EX)
    pid, master, slave = spawn(40, 200)
    start = time.time()
    drawn = read_for(master, 60, b"beat 1/")
    drawn_after = round(time.time() - start, 2)
    told = read_for(master, 5, b"holds the lock")
    # beat 2 of `masks` (the screen redraws only what changed: its prose is new)
    key_at = len(seen)
    os.write(master, b"\x1b[C")
    moved = read_for(master, 5, b"tril", since=key_at)
    quit_at = time.time()
    if os.environ.get("TT_END") == "TERM":
        os.kill(pid, signal.SIGTERM)
    else:
        os.write(master, b"q")
    code = wait_exit(pid, 10, master)
    tail = seen[seen.rfind(b"\x1b[?25h"):].decode("utf-8", "replace").replace("\r\n", " ").strip()
    report(
        drawn=drawn,
        drawn_after=drawn_after,
        moved=moved,
        told=told,
        exit=code,
        seconds=round(time.time() - quit_at, 2),
        driver=os.getpid(),
        said=tail,
        modes=modes(slave),
    )


{"huge_terminal": huge_terminal, "abort": abort, "memory_limits": memory_limits, "stalled": stalled, "held_lock": held_lock}[scenario]()
