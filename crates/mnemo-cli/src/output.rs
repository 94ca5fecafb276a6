//! Writing results to stdout. A closed pipe (`mnemo export | head`) ends the program quietly, as
//! Unix tools do, instead of panicking like `println!`.

use std::io::Write;

/// Prints one line to stdout.
macro_rules! outln {
    ($($arg:tt)*) => {
        $crate::output::write_line(&format!($($arg)*))
    };
}
pub(crate) use outln;

pub fn write_line(line: &str) {
    let mut stdout = std::io::stdout().lock();
    let res = stdout
        .write_all(line.as_bytes())
        .and_then(|_| stdout.write_all(b"\n"))
        .and_then(|_| stdout.flush());
    handle(res);
}

/// Writes raw bytes to stdout.
pub fn write_all(bytes: &[u8]) {
    let mut stdout = std::io::stdout().lock();
    handle(stdout.write_all(bytes).and_then(|_| stdout.flush()));
}

fn handle(res: std::io::Result<()>) {
    if let Err(e) = res {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            std::process::exit(0);
        }
        eprintln!("error: cannot write to stdout: {e}");
        std::process::exit(1);
    }
}
