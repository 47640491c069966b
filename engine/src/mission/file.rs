//! Mission and course files as a teacher writes them, read without trusting them.
//!
//! Every rule is checked while the YAML is read, inside the reader's own visitors, so a broken
//! file is reported where it breaks: its line and column and the path of the field
//! (`checks[1].kind`). A course is an ordered list of missions: built-in ones by name, and
//! authored ones written out in full. The reader bounds what a hostile file can cost: its size,
//! its nesting (the YAML reader's own recursion and alias limits), and the simulated time its
//! setup may take (`since::SETUP_LIMIT_MS`).

use std::fmt;
use std::marker::PhantomData;

use serde::de::{self, DeserializeOwned, MapAccess, SeqAccess, Visitor};
use serde::{Deserialize, Deserializer};

use super::Mission;

/// The largest file read, mission or course: forty times the longest built-in mission.
pub const MAX_FILE_BYTES: usize = 128 * 1024;
/// The most missions a course holds.
pub const MAX_COURSE_MISSIONS: usize = 100;

/// Why a file was refused, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileError {
    /// 1-based, when the reader knows the place.
    pub line: Option<usize>,
    pub column: Option<usize>,
    /// The field's path, `checks[1].kind`; empty for the whole file.
    pub path: String,
    pub message: String,
}

impl FileError {
    fn whole(message: String) -> Self {
        FileError { line: None, column: None, path: String::new(), message }
    }

    /// `FILE:LINE:COLUMN: PATH: message`, as compilers report, for the CLI.
    pub fn at(&self, file: &str) -> String {
        let mut out = file.to_string();
        if let (Some(l), Some(c)) = (self.line, self.column) {
            out.push_str(&format!(":{l}:{c}"));
        }
        out.push_str(": ");
        if !self.path.is_empty() {
            out.push_str(&format!("{}: ", self.path));
        }
        out + &self.message
    }

    fn from_yaml(e: serde_yaml_ng::Error) -> Self {
        let location = e.location();
        let mut text = e.to_string();
        if let Some(loc) = &location {
            let suffix = format!(" at line {} column {}", loc.line(), loc.column());
            if let Some(stripped) = text.strip_suffix(&suffix) {
                text = stripped.to_string();
            }
        }
        let (mut path, mut message) = split_path(&text);
        // A rule checked after a mapping was read names its field first (`kind: ...`).
        if !path.is_empty() {
            let (field, rest) = split_path(&message);
            if !field.is_empty() && !field.contains('[') {
                path = format!("{path}.{field}");
                message = rest;
            }
        }
        FileError {
            line: location.as_ref().map(|l| l.line()),
            column: location.as_ref().map(|l| l.column()),
            path,
            message,
        }
    }
}

/// `checks[0].count: invalid type` → (`checks[0].count`, `invalid type`). A message with no
/// path (`missing field ...`, `invalid type: ...`) has a space before its first colon.
fn split_path(text: &str) -> (String, String) {
    match text.split_once(": ") {
        Some((head, rest))
            if !head.is_empty()
                && head.chars().all(|c| c.is_ascii_alphanumeric() || "_.[]-".contains(c)) =>
        {
            (head.to_string(), rest.to_string())
        }
        _ => (String::new(), text.to_string()),
    }
}

impl fmt::Display for FileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let (Some(l), Some(c)) = (self.line, self.column) {
            write!(f, "line {l}, column {c}: ")?;
        }
        if !self.path.is_empty() {
            write!(f, "{}: ", self.path)?;
        }
        f.write_str(&self.message)
    }
}

/// An ordered list of missions with a title: what a teacher hands a class.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Course {
    #[serde(deserialize_with = "name")]
    pub name: String,
    pub title: String,
    /// A line or two on what the course teaches.
    #[serde(default)]
    pub about: String,
    #[serde(deserialize_with = "course_missions")]
    pub missions: Vec<Mission>,
    /// The title and about-text in other languages.
    #[serde(default, deserialize_with = "super::translations::translations")]
    pub translations: super::Translations<super::CourseText>,
}

/// What a file holds.
#[derive(Clone, Debug, PartialEq)]
pub enum Document {
    Mission(Mission),
    Course(Course),
}

/// Reads a mission file or a course file (a course has `missions:`), refusing anything that
/// breaks a rule with the place it breaks it.
pub fn read(text: &str) -> Result<Document, FileError> {
    if text.len() > MAX_FILE_BYTES {
        return Err(FileError::whole(format!(
            "the file is {} bytes; a mission or course file may have at most {MAX_FILE_BYTES}",
            text.len()
        )));
    }
    // Which of the two it is, from its top-level keys, before reading it as that.
    let top: serde_yaml_ng::Value = serde_yaml_ng::from_str(text).map_err(FileError::from_yaml)?;
    let is_course = top.as_mapping().is_some_and(|m| m.contains_key("missions"));
    if is_course {
        let course: Valid<Course> = serde_yaml_ng::from_str(text).map_err(FileError::from_yaml)?;
        Ok(Document::Course(course.0))
    } else {
        let mission: Valid<Mission> =
            serde_yaml_ng::from_str(text).map_err(FileError::from_yaml)?;
        Ok(Document::Mission(mission.0))
    }
}

/// Reads a file that must hold one mission.
pub fn read_mission(text: &str) -> Result<Mission, FileError> {
    match read(text)? {
        Document::Mission(m) => Ok(m),
        Document::Course(c) => {
            Err(FileError::whole(format!("this is the course {:?}, not a mission", c.name)))
        }
    }
}

/// A rule a value must keep once read, checked where it was read (see the module comment).
pub(super) trait Rule {
    fn check(&self) -> Result<(), String>;
}

impl Rule for Course {
    fn check(&self) -> Result<(), String> {
        for (i, m) in self.missions.iter().enumerate() {
            if self.missions[..i].iter().any(|o| o.name == m.name) {
                return Err(format!("missions: {:?} is in the course twice", m.name));
            }
        }
        Ok(())
    }
}

/// A value read as a mapping and then held to its rule, so that a broken rule is reported at
/// the mapping's place (an error raised after the reader returned would carry its parent's).
pub(super) struct Valid<T>(pub T);

impl<'de, T: Deserialize<'de> + Rule> Deserialize<'de> for Valid<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_map(ValidVisitor(PhantomData))
    }
}

struct ValidVisitor<T>(PhantomData<T>);

impl<'de, T: Deserialize<'de> + Rule> Visitor<'de> for ValidVisitor<T> {
    type Value = Valid<T>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a mapping")
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Self::Value, A::Error> {
        let value = T::deserialize(de::value::MapAccessDeserializer::new(map))?;
        value.check().map_err(de::Error::custom)?;
        Ok(Valid(value))
    }
}

/// A list whose every item keeps its rule, and which is not empty.
pub(super) fn non_empty<'de, D, T>(d: D) -> Result<Vec<T>, D::Error>
where
    D: Deserializer<'de>,
    T: DeserializeOwned + Rule,
{
    struct Items<T>(PhantomData<T>);
    impl<'de, T: DeserializeOwned + Rule> Visitor<'de> for Items<T> {
        type Value = Vec<T>;
        fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
            f.write_str("a list")
        }
        fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<T>, A::Error> {
            let mut out = Vec::new();
            while let Some(Valid(item)) = seq.next_element::<Valid<T>>()? {
                out.push(item);
            }
            if out.is_empty() {
                return Err(de::Error::custom("the list is empty; it needs at least one item"));
            }
            Ok(out)
        }
    }
    d.deserialize_seq(Items(PhantomData))
}

/// A name a browser keeps progress under and a share link carries: a DNS label, as a
/// Kubernetes object's name.
pub(super) fn name<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    struct Name;
    impl Visitor<'_> for Name {
        type Value = String;
        fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
            f.write_str("a name")
        }
        fn visit_str<E: de::Error>(self, v: &str) -> Result<String, E> {
            let ok = !v.is_empty()
                && v.len() <= 63
                && v.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
                && !v.starts_with('-')
                && !v.ends_with('-');
            if ok {
                Ok(v.to_string())
            } else {
                Err(E::custom(format!(
                    "{v:?} is not a valid name: use at most 63 lowercase letters, digits and '-', \
                     starting and ending with a letter or digit"
                )))
            }
        }
    }
    d.deserialize_str(Name)
}

/// A course's missions: a built-in one by name, or an authored one in full.
fn course_missions<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<Mission>, D::Error> {
    struct Entry(Mission);
    impl<'de> Deserialize<'de> for Entry {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
            d.deserialize_any(EntryVisitor)
        }
    }
    struct EntryVisitor;
    impl<'de> Visitor<'de> for EntryVisitor {
        type Value = Entry;
        fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
            f.write_str("a built-in mission's name or a mission")
        }
        fn visit_str<E: de::Error>(self, v: &str) -> Result<Entry, E> {
            super::find(v).map(Entry).ok_or_else(|| {
                E::custom(format!("no built-in mission {v:?} (see `kubeloop mission list`)"))
            })
        }
        fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Entry, A::Error> {
            ValidVisitor::<Mission>(PhantomData).visit_map(map).map(|Valid(m)| Entry(m))
        }
    }
    struct Entries;
    impl<'de> Visitor<'de> for Entries {
        type Value = Vec<Mission>;
        fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
            f.write_str("a list of missions")
        }
        fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<Mission>, A::Error> {
            let mut out = Vec::new();
            while let Some(Entry(m)) = seq.next_element()? {
                if out.len() == MAX_COURSE_MISSIONS {
                    return Err(de::Error::custom(format!(
                        "a course holds at most {MAX_COURSE_MISSIONS} missions"
                    )));
                }
                out.push(m);
            }
            if out.is_empty() {
                return Err(de::Error::custom("a course needs at least one mission"));
            }
            Ok(out)
        }
    }
    d.deserialize_seq(Entries)
}

/// A built-in course as its file lists it: missions by name only (they are all built in).
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CourseIndex {
    pub name: String,
    pub title: String,
    #[serde(default)]
    pub about: String,
    pub missions: Vec<String>,
    #[serde(default)]
    pub translations: super::Translations<super::CourseText>,
}

/// The built-in courses, in order. Embedded as JSON (build.rs converts each file), read
/// through `serde_json::Value`, which the page already decodes, and by name only, so the
/// page's first load holds neither the YAML reader nor a second decoder of a mission; the
/// tests read each YAML file as an author's would be read too.
pub fn builtin_courses() -> Vec<CourseIndex> {
    include!(concat!(env!("OUT_DIR"), "/courses.rs"))
        .iter()
        .filter_map(|(file, json)| {
            let v: serde_json::Value = serde_json::from_str(json).ok()?;
            match CourseIndex::deserialize(&v) {
                Ok(c) => Some(c),
                Err(e) => {
                    // The tests read every file, so this only guards a bad edit.
                    debug_assert!(false, "{file}: {e}");
                    None
                }
            }
        })
        .collect()
}
