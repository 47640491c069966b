//! Elastic tabstops as kubectl prints them: tab-terminated cells in contiguous lines form a
//! column, padded to the widest cell of the column block.
//!
//! Models github.com/liggitt/tabwriter (`format`, `writeLines`, the `RememberWidths` flag),
//! the fork of Go's text/tabwriter that cli-runtime/pkg/printers/tabwriter.go configures for
//! tables, and plain text/tabwriter as describe.go's `tabbedString` configures it. It knows
//! nothing about objects; callers hand it cells or tab-separated text.

/// A tab writer. Column widths can be remembered across calls ("flushes") so that rows a watch
/// appends later line up with the table printed before them, as `kubectl get -w` does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TabWriter {
    minwidth: usize,
    padding: usize,
    remember: bool,
    maxwidths: Vec<usize>,
}

impl Default for TabWriter {
    /// kubectl's table writer: `tabwriter.NewWriter(output, 6, 4, 3, ' ', RememberWidths)`
    /// (cli-runtime/pkg/printers/tabwriter.go `GetNewTabWriter`). The tab width plays no part
    /// when the pad character is a space.
    fn default() -> Self {
        TabWriter::new(6, 3, true)
    }
}

impl TabWriter {
    pub fn new(minwidth: usize, padding: usize, remember_widths: bool) -> Self {
        TabWriter { minwidth, padding, remember: remember_widths, maxwidths: Vec::new() }
    }

    /// describe.go `tabbedString`: `out.Init(buf, 0, 8, 2, ' ', 0)`.
    pub fn describe() -> Self {
        TabWriter::new(0, 2, false)
    }

    /// Widths remembered from earlier calls (`RememberedWidths`).
    pub fn remembered_widths(&self) -> &[usize] {
        &self.maxwidths
    }

    /// Forgets remembered widths, as get.go does between resource groups
    /// (`w.SetRememberedWidths(nil)`).
    pub fn reset_widths(&mut self) {
        self.maxwidths.clear();
    }

    /// Prints rows of cells, one flush: every line ends with "\n", every cell but the last of
    /// a row is padded to its column's width. A cell is cut at its first newline and marked
    /// `...`, as tableprinter.go `printTable` does.
    pub fn write_rows(&mut self, rows: &[Vec<String>]) -> String {
        let mut text = String::new();
        for row in rows {
            for (i, cell) in row.iter().enumerate() {
                if i > 0 {
                    text.push('\t');
                }
                match cell.split_once('\n') {
                    Some((first, _)) => {
                        text.push_str(first);
                        text.push_str("...");
                    }
                    None => text.push_str(cell),
                }
            }
            text.push('\n');
        }
        self.write_text(&text)
    }

    /// Formats tab-separated text, one flush. Text after the last newline is printed without
    /// a newline, as Go's writer prints an unterminated last line.
    ///
    /// One deliberate difference from Go: padding after the last non-empty cell of a line is
    /// never printed, so no line ends in spaces that only padding put there.
    pub fn write_text(&mut self, text: &str) -> String {
        let mut lines: Vec<Line> = text
            .split('\n')
            .map(|l| Line { cells: l.split('\t').map(str::to_string).collect(), terminated: true })
            .collect();
        if let Some(last) = lines.last_mut() {
            last.terminated = false;
            if last.cells.len() == 1 && last.cells[0].is_empty() {
                lines.pop();
            }
        }
        let mut out = String::new();
        let mut widths = Vec::new();
        self.format(&mut out, &lines, 0, lines.len(), &mut widths);
        out
    }

    /// liggitt/tabwriter `format`: finds the block of lines that have a cell in the next
    /// column, fixes that column's width, and recurses for the columns to its right.
    fn format(
        &mut self,
        out: &mut String,
        lines: &[Line],
        mut line0: usize,
        line1: usize,
        widths: &mut Vec<usize>,
    ) {
        let column = widths.len();
        let mut this = line0;
        while this < line1 {
            if column + 1 >= lines[this].cells.len() {
                this += 1;
                continue;
            }
            // This line has more cells than the previous ones: print those first.
            write_lines(out, &lines[line0..this], widths);
            line0 = this;
            let mut width = self.minwidth;
            while this < line1 && column + 1 < lines[this].cells.len() {
                width = width.max(cell_width(&lines[this].cells[column]) + self.padding);
                this += 1;
            }
            if self.remember {
                if self.maxwidths.len() < widths.len() {
                    let known = self.maxwidths.len();
                    self.maxwidths.extend_from_slice(&widths[known..]);
                }
                if self.maxwidths.len() == widths.len() {
                    self.maxwidths.push(width);
                } else if self.maxwidths[widths.len()] > width {
                    width = self.maxwidths[widths.len()];
                } else {
                    self.maxwidths[widths.len()] = width;
                }
            }
            widths.push(width);
            self.format(out, lines, line0, this, widths);
            widths.pop();
            line0 = this;
        }
        write_lines(out, &lines[line0..line1], widths);
    }
}

struct Line {
    cells: Vec<String>,
    /// False for text after the last newline.
    terminated: bool,
}

/// Go counts runes (`utf8.RuneCount`), not bytes or display columns.
fn cell_width(cell: &str) -> usize {
    cell.chars().count()
}

/// liggitt/tabwriter `writeLines`, left-aligned, without trailing padding.
fn write_lines(out: &mut String, lines: &[Line], widths: &[usize]) {
    for line in lines {
        let mut keep = out.len();
        for (j, cell) in line.cells.iter().enumerate() {
            out.push_str(cell);
            if !cell.is_empty() {
                keep = out.len();
            }
            if let Some(&w) = widths.get(j) {
                out.extend(std::iter::repeat_n(' ', w.saturating_sub(cell_width(cell))));
            }
        }
        out.truncate(keep);
        if line.terminated {
            out.push('\n');
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rows(lines: &[&str]) -> Vec<Vec<String>> {
        lines.iter().map(|l| l.split_whitespace().map(str::to_string).collect()).collect()
    }

    #[test]
    fn columns_are_widest_cell_plus_three_and_the_last_is_unpadded() {
        let mut tw = TabWriter::default();
        let text = tw.write_rows(&rows(&[
            "NAME READY STATUS RESTARTS AGE",
            "web-7d9f5cbb6d-8xk2p 1/1 Running 0 3m",
        ]));
        assert_eq!(
            text,
            "NAME                   READY   STATUS    RESTARTS   AGE\n\
             web-7d9f5cbb6d-8xk2p   1/1     Running   0          3m\n"
        );
    }

    #[test]
    fn narrow_columns_get_the_minimum_width_of_six() {
        let mut tw = TabWriter::default();
        assert_eq!(tw.write_rows(&rows(&["A B C", "x y z"])), "A     B     C\nx     y     z\n");
    }

    // The watch sequence of the lesson: the table, then each watch event flushed on its own.
    // A wider STATUS widens that column for the row that brought it and every row after it.
    #[test]
    fn watch_rows_reuse_and_grow_remembered_widths() {
        let mut tw = TabWriter::default();
        let table = tw.write_rows(&rows(&[
            "NAME READY STATUS RESTARTS AGE",
            "web-7d9f5cbb6d-8xk2p 1/1 Running 0 3m",
            "web-7d9f5cbb6d-n4v7q 1/1 Running 0 3m",
            "web-7d9f5cbb6d-zq9hm 1/1 Running 0 3m",
        ]));
        assert_eq!(
            table,
            "NAME                   READY   STATUS    RESTARTS   AGE\n\
             web-7d9f5cbb6d-8xk2p   1/1     Running   0          3m\n\
             web-7d9f5cbb6d-n4v7q   1/1     Running   0          3m\n\
             web-7d9f5cbb6d-zq9hm   1/1     Running   0          3m\n"
        );
        let events = [
            (
                "web-7d9f5cbb6d-8xk2p 1/1 Terminating 0 3m",
                "web-7d9f5cbb6d-8xk2p   1/1     Terminating   0          3m\n",
            ),
            (
                "web-7d9f5cbb6d-q2l8c 0/1 Pending 0 0s",
                "web-7d9f5cbb6d-q2l8c   0/1     Pending       0          0s\n",
            ),
            (
                "web-7d9f5cbb6d-q2l8c 0/1 ContainerCreating 0 0s",
                "web-7d9f5cbb6d-q2l8c   0/1     ContainerCreating   0          0s\n",
            ),
            (
                "web-7d9f5cbb6d-8xk2p 0/1 Terminating 0 3m",
                "web-7d9f5cbb6d-8xk2p   0/1     Terminating         0          3m\n",
            ),
            (
                "web-7d9f5cbb6d-q2l8c 1/1 Running 0 2s",
                "web-7d9f5cbb6d-q2l8c   1/1     Running             0          2s\n",
            ),
        ];
        for (cells, want) in events {
            assert_eq!(tw.write_rows(&rows(&[cells])), want);
        }
        assert_eq!(tw.remembered_widths(), &[23, 8, 20, 11]);
        tw.reset_widths();
        assert_eq!(tw.write_rows(&rows(&["a b"])), "a     b\n");
    }

    #[test]
    fn cells_are_cut_at_newlines() {
        let mut tw = TabWriter::default();
        let row = vec!["x".to_string(), "first\nsecond".to_string()];
        assert_eq!(tw.write_rows(&[row]), "x     first...\n");
    }

    #[test]
    fn trailing_empty_cells_leave_no_trailing_spaces() {
        let mut tw = TabWriter::default();
        let row = vec!["name".to_string(), String::new()];
        assert_eq!(tw.write_rows(&[row]), "name\n");
    }

    // describe.go aligns contiguous `Label:\tvalue` lines; a line without a tab ends the block.
    #[test]
    fn describe_blocks_align_independently() {
        let mut tw = TabWriter::describe();
        let text = "Name:\tweb\nNamespace:\tdefault\nLabels:\tapp=web\n\tpod-template-hash=abc\nIPs:\n  IP:\t10.0.0.1\nControlled By:\tReplicaSet/web\nContainers:\n";
        assert_eq!(
            tw.write_text(text),
            [
                "Name:       web",
                "Namespace:  default",
                "Labels:     app=web",
                "            pod-template-hash=abc",
                "IPs:",
                "  IP:           10.0.0.1",
                "Controlled By:  ReplicaSet/web",
                "Containers:\n",
            ]
            .join("\n")
        );
    }

    #[test]
    fn deeper_columns_form_their_own_blocks() {
        let mut tw = TabWriter::describe();
        let text = "a:\tx\nConditions:\n  Type\tStatus\n  Ready \tTrue \nbb:\tlong\n";
        assert_eq!(
            tw.write_text(text),
            "a:  x\nConditions:\n  Type    Status\n  Ready   True \nbb:       long\n"
        );
    }

    #[test]
    fn unterminated_last_line_is_printed_without_newline() {
        let mut tw = TabWriter::describe();
        assert_eq!(tw.write_text("a:\tb\nc:\td"), "a:  b\nc:  d");
    }
}
