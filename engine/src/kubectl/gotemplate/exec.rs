//! Runs a parsed template over a value (text/template/exec.go): dot, variables, pipelines,
//! `if`/`with`/`range` with `else`, `break`/`continue`, and function calls. Missing keys are
//! `<no value>` (kubectl's printer allows missing keys). Errors are exec.go's:
//! `template: output:LINE:COL: executing "output" at <NODE>: MSG`.

use super::funcs;
use super::node::{Arg, ArgKind, Block, Cmd, Node, Num, Pipe};
use super::value::{go_print, Val};
use crate::gofmt::go_quote;

/// Bound on what one run may write and do, so that nested ranges cannot run away (Go has
/// none; kubeloop must answer).
const MAX_OUTPUT: usize = 1 << 22;
const MAX_STEPS: usize = 1 << 22;

enum Flow {
    Normal,
    Break,
    Continue,
}

struct State<'a> {
    src: &'a str,
    vars: Vec<(String, Val)>,
    out: &'a mut String,
    steps: usize,
    /// `missingkey=error` (kubectl's `--allow-missing-template-keys=false`).
    missing_error: bool,
}

type R<T> = Result<T, String>;

/// Runs `nodes` with `data` as dot and `$`, appending to `out` (which keeps what was written
/// before an error, as Go's writer does).
pub fn execute(
    src: &str,
    nodes: &[Node],
    data: &Val,
    missing_error: bool,
    out: &mut String,
) -> R<()> {
    let vars = vec![("$".into(), data.clone())];
    let mut s = State { src, vars, out, steps: 0, missing_error };
    s.walk(data, nodes).map(|_| ())
}

impl State<'_> {
    /// exec.go `errorf` with `ErrorContext`: the node's line, column and text.
    fn fail<T>(&self, pos: usize, context: &str, msg: String) -> R<T> {
        let before = &self.src[..pos.min(self.src.len())];
        let line = 1 + before.matches('\n').count();
        let col = before.rfind('\n').map_or(pos, |nl| pos - nl - 1);
        Err(format!("template: output:{line}:{col}: executing \"output\" at <{context}>: {msg}"))
    }

    fn tick(&mut self) -> R<()> {
        self.steps += 1;
        if self.steps > MAX_STEPS || self.out.len() > MAX_OUTPUT {
            return Err(
                "kubeloop: the template did too much work (it is bounded in kubeloop)".into()
            );
        }
        Ok(())
    }

    fn walk(&mut self, dot: &Val, nodes: &[Node]) -> R<Flow> {
        for node in nodes {
            self.tick()?;
            match node {
                Node::Text(t) => self.out.push_str(t),
                Node::Action(pipe) => {
                    let v = self.pipeline(dot, pipe)?;
                    if pipe.decl.is_empty() {
                        match v {
                            Val::Invalid | Val::Nil => self.out.push_str("<no value>"),
                            v => go_print(&v, self.out),
                        }
                    }
                }
                Node::If(b) | Node::With(b) => {
                    let mark = self.vars.len();
                    let v = self.pipeline(dot, &b.pipe)?;
                    let flow = if v.truth() {
                        let new_dot = if matches!(node, Node::With(_)) { &v } else { dot };
                        self.walk(new_dot, &b.list)?
                    } else if let Some(e) = &b.else_list {
                        self.walk(dot, e)?
                    } else {
                        Flow::Normal
                    };
                    self.vars.truncate(mark);
                    if !matches!(flow, Flow::Normal) {
                        return Ok(flow);
                    }
                }
                Node::Range(b) => {
                    let mark = self.vars.len();
                    self.range(dot, b)?;
                    self.vars.truncate(mark);
                }
                Node::Break => return Ok(Flow::Break),
                Node::Continue => return Ok(Flow::Continue),
            }
        }
        Ok(Flow::Normal)
    }

    /// exec.go walkRange: slices in order, maps in key order; an empty or missing value runs
    /// the `else`. (Ranging over an int came with Go 1.24, after kubectl v1.32's Go.)
    fn range(&mut self, dot: &Val, b: &Block) -> R<()> {
        let v = self.pipeline(dot, &b.pipe)?;
        let items: Vec<(Val, Val)> = match &v {
            Val::List(l) => {
                l.iter().enumerate().map(|(i, e)| (Val::Int(i as i64), e.clone())).collect()
            }
            Val::Map(m) => {
                m.iter().map(|(k, e)| (Val::Str(k.as_str().into()), e.clone())).collect()
            }
            Val::Invalid | Val::Nil => Vec::new(),
            other => {
                // The error names the node evaluated last: the pipeline's last operand.
                let last = b.pipe.cmds.last().and_then(|c| c.args.last());
                let (pos, node) = last.map_or((0, String::new()), |a| (a.pos, a.to_string()));
                let msg = format!("range can't iterate over {}", super::value::to_go_string(other));
                return self.fail(pos, &node, msg);
            }
        };
        if items.is_empty() {
            if let Some(e) = &b.else_list {
                self.walk(dot, e)?;
            }
            return Ok(());
        }
        let mark = self.vars.len();
        for (index, elem) in items {
            let n = self.vars.len();
            // The pipeline pushed its variables: the last is the element, the one before the
            // index (exec.go setTopVar); `=` sets existing ones instead.
            if b.pipe.assign {
                match b.pipe.decl.as_slice() {
                    [e] => self.set_var(e, elem.clone()),
                    [i, e] => {
                        self.set_var(i, index);
                        self.set_var(e, elem.clone());
                    }
                    _ => {}
                }
            } else {
                match b.pipe.decl.len() {
                    1 => self.vars[n - 1].1 = elem.clone(),
                    2 => {
                        self.vars[n - 1].1 = elem.clone();
                        self.vars[n - 2].1 = index;
                    }
                    _ => {}
                }
            }
            let flow = self.walk(&elem, &b.list)?;
            self.vars.truncate(n.max(mark));
            if matches!(flow, Flow::Break) {
                break;
            }
        }
        Ok(())
    }

    fn set_var(&mut self, name: &str, v: Val) {
        if let Some(slot) = self.vars.iter_mut().rev().find(|(n, _)| n == name) {
            slot.1 = v;
        }
    }

    fn var(&self, name: &str) -> Val {
        self.vars.iter().rev().find(|(n, _)| n == name).map_or(Val::Invalid, |(_, v)| v.clone())
    }

    fn pipeline(&mut self, dot: &Val, pipe: &Pipe) -> R<Val> {
        let mut value: Option<Val> = None;
        for cmd in &pipe.cmds {
            value = Some(self.command(dot, cmd, value)?);
        }
        // exec.go evalPipeline: a nil interface{} result becomes the zero Value.
        let value = match value.unwrap_or(Val::Invalid) {
            Val::Nil => Val::Invalid,
            v => v,
        };
        for name in &pipe.decl {
            if pipe.assign {
                self.set_var(name, value.clone());
            } else {
                self.vars.push((name.clone(), value.clone()));
            }
        }
        Ok(value)
    }

    fn command(&mut self, dot: &Val, cmd: &Cmd, fin: Option<Val>) -> R<Val> {
        self.tick()?;
        let first = &cmd.args[0];
        let rest = &cmd.args[1..];
        match &first.kind {
            ArgKind::Field(fields) => self.field_chain(first, dot.clone(), fields, rest, fin),
            ArgKind::Variable(name, fields) if !fields.is_empty() => {
                let v = self.var(name);
                self.field_chain(first, v, fields, rest, fin)
            }
            ArgKind::Chain(inner, fields) => {
                let v = self.arg(dot, inner)?;
                self.field_chain(first, v, fields, rest, fin)
            }
            ArgKind::Function(name) => self.call(dot, name, cmd, fin),
            _ => {
                // exec.go notAFunction.
                if !rest.is_empty() || fin.is_some() {
                    return self.fail(
                        first.pos,
                        &first.to_string(),
                        format!("can't give argument to non-function {first}"),
                    );
                }
                if first.kind == ArgKind::Nil {
                    return self.fail(first.pos, "nil", "nil is not a command".into());
                }
                self.arg(dot, first)
            }
        }
    }

    /// exec.go evalFieldChain/evalField over maps: a missing key is the zero Value, and so is
    /// any field of it; a field of a non-map is an error.
    fn field_chain(
        &mut self,
        node: &Arg,
        mut v: Val,
        fields: &[String],
        rest: &[Arg],
        fin: Option<Val>,
    ) -> R<Val> {
        for (i, f) in fields.iter().enumerate() {
            let last = i + 1 == fields.len();
            v = match v {
                Val::Invalid if self.missing_error => {
                    let msg = format!("nil data; no entry for key {}", go_quote(f));
                    return self.fail(node.pos, &node.to_string(), msg);
                }
                Val::Invalid => return Ok(Val::Invalid),
                Val::Nil => {
                    return self.fail(
                        node.pos,
                        &node.to_string(),
                        format!("nil pointer evaluating interface {{}}.{f}"),
                    )
                }
                Val::Map(m) => {
                    if last && (!rest.is_empty() || fin.is_some()) {
                        return self.fail(
                            node.pos,
                            &node.to_string(),
                            format!("{f} is not a method but has arguments"),
                        );
                    }
                    match m.get(f) {
                        Some(v) => v.clone(),
                        None if self.missing_error => {
                            let msg = format!("map has no entry for key {}", go_quote(f));
                            return self.fail(node.pos, &node.to_string(), msg);
                        }
                        None => Val::Invalid,
                    }
                }
                other => {
                    let ty = match other {
                        Val::Int(_) => "int",
                        _ => "interface {}",
                    };
                    return self.fail(
                        node.pos,
                        &node.to_string(),
                        format!("can't evaluate field {f} in type {ty}"),
                    );
                }
            };
        }
        Ok(v)
    }

    /// An argument as `interface{}` or `reflect.Value` takes it (exec.go evalArg).
    fn arg(&mut self, dot: &Val, a: &Arg) -> R<Val> {
        Ok(match &a.kind {
            ArgKind::Dot => dot.clone(),
            ArgKind::Nil => Val::Nil,
            ArgKind::Bool(b) => Val::Bool(*b),
            ArgKind::Number(_, Num::Int(i)) => Val::Int(*i),
            ArgKind::Number(_, Num::Float(f)) => Val::Float(*f),
            ArgKind::Str(_, s) => Val::Str(s.as_str().into()),
            ArgKind::Field(fields) => self.field_chain(a, dot.clone(), fields, &[], None)?,
            ArgKind::Variable(name, fields) => {
                let v = self.var(name);
                if fields.is_empty() {
                    v
                } else {
                    self.field_chain(a, v, fields, &[], None)?
                }
            }
            ArgKind::Chain(inner, fields) => {
                if inner.kind == ArgKind::Nil {
                    return self.fail(
                        a.pos,
                        &a.to_string(),
                        format!("indirection through explicit nil in {a}"),
                    );
                }
                let v = self.arg(dot, inner)?;
                self.field_chain(a, v, fields, &[], None)?
            }
            ArgKind::Pipe(p) => self.pipeline(dot, p)?,
            ArgKind::Function(name) => {
                let cmd = Cmd { pos: a.pos, args: vec![a.clone()] };
                self.call(dot, name, &cmd, None)?
            }
        })
    }

    /// A `string` parameter (printf's format, base64decode's input): exec.go evalArg's
    /// `expected string; found X` for constants and validateType's errors for values.
    fn string_arg(&mut self, dot: &Val, a: &Arg) -> R<Val> {
        match &a.kind {
            ArgKind::Str(_, s) => Ok(Val::Str(s.as_str().into())),
            ArgKind::Bool(_) | ArgKind::Number(..) => {
                self.fail(a.pos, &a.to_string(), format!("expected string; found {a}"))
            }
            ArgKind::Nil => self.fail(a.pos, "nil", "cannot assign nil to string".into()),
            _ => {
                let v = self.arg(dot, a)?;
                self.check_string(a, v)
            }
        }
    }

    fn check_string(&self, a: &Arg, v: Val) -> R<Val> {
        match v {
            Val::Str(_) => Ok(v),
            Val::Invalid => {
                self.fail(a.pos, &a.to_string(), "invalid value; expected string".into())
            }
            other => self.fail(
                a.pos,
                &a.to_string(),
                format!("wrong type for value; expected string; got {}", other.type_name()),
            ),
        }
    }

    /// exec.go evalCall: the argument count, the arguments (lazily for `and`/`or`), the
    /// pipeline's value last, then the call.
    fn call(&mut self, dot: &Val, name: &str, cmd: &Cmd, fin: Option<Val>) -> R<Val> {
        let args = &cmd.args[1..];
        let n = args.len() + usize::from(fin.is_some());
        let (want, variadic) = funcs::arity(name);
        let head = &cmd.args[0];
        if variadic && n < want {
            return self.fail(
                head.pos,
                name,
                format!("wrong number of args for {name}: want at least {want} got {n}"),
            );
        } else if !variadic && n != want {
            return self.fail(
                head.pos,
                name,
                format!("wrong number of args for {name}: want {want} got {n}"),
            );
        }
        if name == "and" || name == "or" {
            let mut v = Val::Invalid;
            for a in args {
                v = self.arg(dot, a)?;
                if v.truth() == (name == "or") {
                    return Ok(v);
                }
            }
            return Ok(fin.unwrap_or(v));
        }
        let mut argv = Vec::with_capacity(n);
        for (i, a) in args.iter().enumerate() {
            let v = if i == 0 && funcs::takes_string_first(name) {
                self.string_arg(dot, a)?
            } else {
                self.arg(dot, a)?
            };
            argv.push(v);
        }
        if let Some(f) = fin {
            let f = if argv.is_empty() && funcs::takes_string_first(name) {
                self.check_string(head, f)?
            } else {
                f
            };
            argv.push(f);
        }
        // An `interface{}` parameter turns the zero Value into nil (exec.go validateType);
        // the builtins that take reflect.Value see it as it is.
        if matches!(name, "print" | "printf" | "println" | "exists" | "html" | "urlquery") {
            for v in argv.iter_mut() {
                if *v == Val::Invalid {
                    *v = Val::Nil;
                }
            }
        }
        funcs::call(name, &argv)
            .or_else(|e| self.fail(cmd.pos, &cmd.to_string(), format!("error calling {name}: {e}")))
    }
}
