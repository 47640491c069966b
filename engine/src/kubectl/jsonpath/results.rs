//! client-go jsonpath.go `FindResults`: the values each action of a template yields, rather
//! than their printed text. kubectl's custom-columns printer (customcolumn.go) and `--sort-by`
//! (kubectl/pkg/cmd/get/sorter.go) read results this way: the first value of the first action
//! is the sort key, and a column joins every value with commas.

use serde_json::Value;

use super::exec::{Exec, Val};
use super::format::go_format;
use super::parser::Segment;
use super::{JsonPathError, Template};

impl Template {
    /// One list of values per action, in order (text outside actions yields a string, as in
    /// Go). Ranges are not expanded: neither caller allows braces inside its path.
    pub fn find_results(&self, data: &Value) -> Result<Vec<Vec<Value>>, JsonPathError> {
        let mut exec = Exec { work: 0 };
        let mut out = Vec::new();
        for segment in &self.segments {
            match segment {
                Segment::Text(t) => out.push(vec![Value::String(t.clone())]),
                Segment::Action(nodes) | Segment::Range { expr: nodes, .. } => {
                    let values = exec.list(vec![Val::Data(data)], nodes)?;
                    out.push(values.into_iter().map(owned).collect());
                }
                Segment::End => return Err(JsonPathError::NothingToEnd),
            }
        }
        Ok(out)
    }
}

fn owned(v: Val<'_>) -> Value {
    match v {
        Val::Data(d) => d.clone(),
        Val::Str(s) => Value::String(s.to_string()),
        Val::Int(i) => Value::from(i),
        Val::Float(f) => serde_json::Number::from_f64(f).map(Value::Number).unwrap_or(Value::Null),
        Val::Bool(b) => Value::Bool(b),
        Val::Byte(b) => Value::from(b),
    }
}

/// Go's `fmt.Sprintf("%v", value)` of a decoded JSON value: strings raw, maps as `map[k:v]`.
pub fn go_value(v: &Value) -> String {
    go_format(Val::Data(v))
}

#[cfg(test)]
mod tests {
    use super::super::parse;
    use serde_json::json;

    #[test]
    fn results_keep_each_value_of_each_action() {
        let data = json!({"spec": {"containers": [{"name": "a"}, {"name": "b"}]}, "n": 3});
        let t = parse("{.spec.containers[*].name}{.missing}{.n}").unwrap();
        assert_eq!(
            t.find_results(&data).unwrap(),
            vec![vec![json!("a"), json!("b")], vec![], vec![json!(3)]]
        );
        assert_eq!(super::go_value(&json!({"a": 1, "b": [true, null]})), "map[a:1 b:[true <nil>]]");
    }
}
