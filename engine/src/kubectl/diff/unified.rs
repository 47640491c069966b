//! The unified diff of two texts as GNU `diff -u` prints it: Myers' shortest edit script
//! over lines, each run of changes printed deletions first, hunks with three lines of
//! context, hunks whose context would touch merged into one. Only the hunks; the headers
//! belong to the caller.

/// One line's fate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Op {
    Keep,
    Delete,
    Insert,
}

const CONTEXT: usize = 3;

/// The hunks (`@@ -a,b +c,d @@` and their lines) turning `old` into `new`; empty when equal.
pub fn hunks(old: &str, new: &str) -> String {
    let a: Vec<&str> = old.lines().collect();
    let b: Vec<&str> = new.lines().collect();
    let ops = script(&a, &b);
    // Each op with its line numbers in a and b (0-based, before the op).
    let mut steps = Vec::with_capacity(ops.len());
    let (mut i, mut j) = (0, 0);
    for op in ops {
        steps.push((op, i, j));
        match op {
            Op::Keep => (i, j) = (i + 1, j + 1),
            Op::Delete => i += 1,
            Op::Insert => j += 1,
        }
    }
    let changed: Vec<usize> =
        steps.iter().enumerate().filter(|(_, s)| s.0 != Op::Keep).map(|(n, _)| n).collect();
    let mut out = String::new();
    let mut at = 0;
    while at < changed.len() {
        // Grow the hunk while the next change is within two contexts of the last.
        let mut last = at;
        while last + 1 < changed.len() && changed[last + 1] - changed[last] <= 2 * CONTEXT {
            last += 1;
        }
        let from = changed[at].saturating_sub(CONTEXT);
        let to = (changed[last] + CONTEXT + 1).min(steps.len());
        let part = &steps[from..to];
        let count = |keep: Op| part.iter().filter(|s| s.0 == Op::Keep || s.0 == keep).count();
        let (a_len, b_len) = (count(Op::Delete), count(Op::Insert));
        let (_, a0, b0) = part[0];
        out.push_str(&format!("@@ -{} +{} @@\n", range(a0, a_len), range(b0, b_len)));
        for (op, i, j) in part {
            match op {
                Op::Keep => out.push_str(&format!(" {}\n", a[*i])),
                Op::Delete => out.push_str(&format!("-{}\n", a[*i])),
                Op::Insert => out.push_str(&format!("+{}\n", b[*j])),
            }
        }
        at = last + 1;
    }
    out
}

/// GNU's range: `start,len`, `start` alone for one line, the line before for none.
fn range(start: usize, len: usize) -> String {
    match len {
        0 => format!("{start},0"),
        1 => format!("{}", start + 1),
        n => format!("{},{n}", start + 1),
    }
}

/// Past this many differences the middle is printed as deleted and inserted whole, so a
/// huge, wholly different pair of objects cannot exhaust memory (Myers keeps D frontiers,
/// the d-th of 2d+3 entries).
const MAX_EDITS: usize = 1000;

/// The edit script: the common head and tail kept, Myers between them, each run of changes
/// reordered deletions first.
fn script(a: &[&str], b: &[&str]) -> Vec<Op> {
    let head = a.iter().zip(b).take_while(|(x, y)| x == y).count();
    let (a_rest, b_rest) = (&a[head..], &b[head..]);
    let tail = a_rest.iter().rev().zip(b_rest.iter().rev()).take_while(|(x, y)| x == y).count();
    let (mid_a, mid_b) = (&a_rest[..a_rest.len() - tail], &b_rest[..b_rest.len() - tail]);
    let mut ops = vec![Op::Keep; head];
    match myers(mid_a, mid_b) {
        Some(mid) => ops.extend(mid),
        None => {
            ops.extend(std::iter::repeat_n(Op::Delete, mid_a.len()));
            ops.extend(std::iter::repeat_n(Op::Insert, mid_b.len()));
        }
    }
    ops.extend(std::iter::repeat_n(Op::Keep, tail));
    // Deletions before insertions within each run of changes, as GNU diff prints them.
    let mut start = 0;
    while start < ops.len() {
        if ops[start] == Op::Keep {
            start += 1;
            continue;
        }
        let end = ops[start..].iter().position(|o| *o == Op::Keep).map_or(ops.len(), |p| start + p);
        ops[start..end].sort_by_key(|o| *o != Op::Delete);
        start = end;
    }
    ops
}

/// Myers' O(ND) shortest edit script, or `None` past `MAX_EDITS` differences.
fn myers(a: &[&str], b: &[&str]) -> Option<Vec<Op>> {
    if a.is_empty() || b.is_empty() {
        return None;
    }
    let (n, m) = (a.len() as isize, b.len() as isize);
    let max = (n + m) as usize;
    let offset = max as isize + 1;
    let mut v = vec![0isize; 2 * max + 3];
    let mut trace: Vec<Vec<isize>> = Vec::new();
    'outer: for d in 0..=max as isize {
        if d as usize > MAX_EDITS {
            return None;
        }
        // The frontier this round reads: diagonals -d-1 ..= d+1.
        trace.push(v[(offset - d - 1) as usize..=(offset + d + 1) as usize].to_vec());
        let mut k = -d;
        while k <= d {
            let idx = (k + offset) as usize;
            let mut x = if k == -d || (k != d && v[idx - 1] < v[idx + 1]) {
                v[idx + 1]
            } else {
                v[idx - 1] + 1
            };
            let mut y = x - k;
            while x < n && y < m && a[x as usize] == b[y as usize] {
                x += 1;
                y += 1;
            }
            v[idx] = x;
            if x >= n && y >= m {
                break 'outer;
            }
            k += 2;
        }
    }
    // Walk back through the saved frontiers.
    let mut ops = Vec::new();
    let (mut x, mut y) = (n, m);
    for d in (0..trace.len() as isize).rev() {
        let saved = &trace[d as usize];
        let at = |k: isize| saved[(k + d + 1) as usize];
        let k = x - y;
        let prev_k = if k == -d || (k != d && at(k - 1) < at(k + 1)) { k + 1 } else { k - 1 };
        let prev_x = at(prev_k);
        let prev_y = prev_x - prev_k;
        while x > prev_x && y > prev_y {
            ops.push(Op::Keep);
            x -= 1;
            y -= 1;
        }
        if d > 0 {
            ops.push(if x == prev_x { Op::Insert } else { Op::Delete });
        }
        (x, y) = (prev_x, prev_y);
    }
    ops.reverse();
    Some(ops)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each expectation is what GNU diff 3.x prints for the same two files.
    #[test]
    fn hunks_are_gnu_diffs() {
        assert_eq!(hunks("a\nb\n", "a\nb\n"), "");
        assert_eq!(hunks("", "a\nb\nc\n"), "@@ -0,0 +1,3 @@\n+a\n+b\n+c\n");
        assert_eq!(hunks("one\ntwo\n", "one\nthree\n"), "@@ -1,2 +1,2 @@\n one\n-two\n+three\n");
        let old = "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n13\n14\n15\n16\n";
        let new = "1\n2\n3\n4\nX\n6\n7\n8\n9\n10\n11\n12\n13\nY\n15\n16\n";
        assert_eq!(
            hunks(old, new),
            "@@ -2,7 +2,7 @@\n 2\n 3\n 4\n-5\n+X\n 6\n 7\n 8\n@@ -11,6 +11,6 @@\n 11\n 12\n 13\n-14\n+Y\n 15\n 16\n"
        );
        let near = "1\n2\n3\n4\nX\n6\n7\n8\n9\n10\nY\n12\n";
        assert_eq!(
            hunks("1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n", near),
            "@@ -2,11 +2,11 @@\n 2\n 3\n 4\n-5\n+X\n 6\n 7\n 8\n 9\n 10\n-11\n+Y\n 12\n"
        );
        assert_eq!(hunks("a\nb\nc\n", "a\nc\n"), "@@ -1,3 +1,2 @@\n a\n-b\n c\n");
        assert_eq!(hunks("a\nb\n", ""), "@@ -1,2 +0,0 @@\n-a\n-b\n");
    }

    #[test]
    fn a_huge_wholly_different_pair_is_replaced_whole_without_running_out_of_memory() {
        let old: String = (0..20_000).map(|i| format!("old {i}\n")).collect();
        let new: String = (0..20_000).map(|i| format!("new {i}\n")).collect();
        let text = hunks(&old, &new);
        assert!(text.starts_with("@@ -1,20000 +1,20000 @@\n-old 0\n"));
        assert_eq!(text.lines().count(), 40_001);
    }
}
