//! What the loops say in their decisions, as typed phrases rather than sentences: each
//! phrase is a variant with its numbers and names, English by `Display` (the CLI, the API,
//! the page in English), and a message id with named arguments (`Phrase`) so the page can say
//! it in another language through Fluent (`locales/<lang>/decisions.ftl`).
//!
//! One file per loop holds that loop's phrases, declared with `phrases!`: the variant, its
//! fields, and the English wording in one line, so a phrase cannot have English without an id
//! or an id without its arguments. The wording is a template with the fields as placeholders
//! (`template.rs`), said by one function for every phrase, and phrases compare through their
//! arguments (`same`): one copy of that code, not one per phrase, in the page's wasm. What
//! Kubernetes itself wrote (an API error, a mount failure's message) is `Said::Cluster` and
//! stays as written in every language, like the status words and kubectl's output.

use std::fmt;

mod claim;
mod cronjob;
mod daemonset;
mod deployment;
mod disruption;
mod endpoints;
mod gc;
mod hpa;
mod job;
pub(crate) mod kubelet;
mod namespace;
mod node;
mod proxy;
mod quota;
mod replicaset;
mod scheduler;
mod serviceaccount;
mod statefulset;
mod template;
mod watch;

pub use claim::ClaimSaid;
pub use cronjob::CronJobSaid;
pub use daemonset::DaemonSetSaid;
pub use deployment::DeploymentSaid;
pub use disruption::DisruptionSaid;
pub use endpoints::EndpointsSaid;
pub use gc::GcSaid;
pub use hpa::AutoscalerSaid;
pub use job::JobSaid;
pub use kubelet::KubeletSaid;
pub use namespace::NamespaceSaid;
pub use node::NodeSaid;
pub use proxy::ProxySaid;
pub use quota::QuotaSaid;
pub use replicaset::ReplicaSetSaid;
pub use scheduler::SchedulerSaid;
pub use serviceaccount::ServiceAccountSaid;
pub use statefulset::StatefulSetSaid;
pub use watch::WatchSaid;

/// One argument of a phrase, for the page's message formatter: borrowed from the phrase,
/// so saying one copies nothing.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Arg<'a> {
    /// A count or a duration's seconds: chooses plural forms.
    Num(i64),
    /// A name, an image, a selector, a condition: the cluster's words, shown as they are.
    Text(&'a str),
    /// A phrase inside a phrase, said in the same language.
    Said(&'a Said),
    /// Phrases said one after another, joined with ", ".
    List(&'a [Said]),
}

/// Hands each argument to the formatter by name, in the order the phrase declares them.
pub type Visit<'a, 'v> = dyn FnMut(&'a str, Arg<'a>) + 'v;

/// A phrase's message id, arguments and English template (`template.rs`).
pub trait Phrase: fmt::Display {
    fn id(&self) -> &'static str;
    fn each_arg<'a>(&'a self, visit: &mut Visit<'a, '_>);
    fn template(&self) -> &'static str;
}

/// Two phrases are equal when they are the same phrase (one id per variant) with equal
/// fields, nested phrases and lists compared in turn. One function for every phrase, through
/// the visitor the translations need anyway, rather than a derived comparison per variant.
pub(crate) fn same(a: &dyn Phrase, b: &dyn Phrase) -> bool {
    if a.id() != b.id() {
        return false;
    }
    let (mut equal, mut i) = (true, 0);
    a.each_arg(&mut |_, mine| {
        let (mut j, mut theirs) = (0, None);
        b.each_arg(&mut |_, arg| {
            if j == i {
                theirs = Some(arg);
            }
            j += 1;
        });
        equal = equal && theirs == Some(mine);
        i += 1;
    });
    equal
}

/// A phrase read back over the API (`kubeloop.dev/v1` decisions, in live mode): its message
/// id, its arguments and its English as the server sent them, so the page says it in the
/// class's language as it says its own loops' phrases.
#[derive(Clone, Debug, PartialEq)]
pub struct ReadPhrase {
    pub id: String,
    pub args: Vec<(String, ReadArg)>,
    pub english: String,
}

/// An argument of a phrase read back over the API.
#[derive(Clone, Debug, PartialEq)]
pub enum ReadArg {
    Num(i64),
    Text(String),
    Said(Said),
    List(Vec<Said>),
}

impl ReadArg {
    fn arg(&self) -> Arg<'_> {
        match self {
            ReadArg::Num(n) => Arg::Num(*n),
            ReadArg::Text(t) => Arg::Text(t),
            ReadArg::Said(p) => Arg::Said(p),
            ReadArg::List(l) => Arg::List(l),
        }
    }
}

/// A field's value as an argument.
pub trait IntoArg {
    fn arg(&self) -> Arg<'_>;
}

macro_rules! number_arg {
    ($($t:ty),*) => {$(
        impl IntoArg for $t {
            fn arg(&self) -> Arg<'_> {
                Arg::Num(i64::try_from(*self).unwrap_or(i64::MAX))
            }
        }
    )*};
}
number_arg!(i32, i64, u32, u64, usize);

impl IntoArg for String {
    fn arg(&self) -> Arg<'_> {
        Arg::Text(self)
    }
}

impl IntoArg for Box<Said> {
    fn arg(&self) -> Arg<'_> {
        Arg::Said(self)
    }
}

impl IntoArg for Vec<Said> {
    fn arg(&self) -> Arg<'_> {
        Arg::List(self)
    }
}

/// Declares one loop's phrases: `Variant { field: Type } => "English {field}";`, the
/// English a template (`template.rs`). The message id is `said-<family>-<Variant>`, its
/// arguments the fields by name.
macro_rules! phrases {
    (
        $(#[$meta:meta])*
        pub enum $Enum:ident = $family:literal {
            $(
                $(#[$vmeta:meta])*
                $V:ident $({ $($f:ident : $t:ty),* $(,)? })? => $template:literal ;
            )*
        }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Debug)]
        pub enum $Enum {
            $( $(#[$vmeta])* $V $({ $($f: $t),* })? ),*
        }

        impl $Enum {
            /// Every phrase's message id and argument names, for the tests that keep the
            /// message files complete.
            pub const MESSAGES: &'static [(&'static str, &'static [&'static str])] = &[
                $( (concat!("said-", $family, "-", stringify!($V)), &[$($(stringify!($f)),*)?]) ),*
            ];
        }

        #[cfg(test)]
        impl $Enum {
            /// One instance of every phrase with its message id, its fields filled for
            /// `round` (`samples.rs`).
            pub(crate) fn samples(round: usize) -> Vec<(&'static str, Self)> {
                vec![ $( (concat!("said-", $family, "-", stringify!($V)), {
                    #[allow(unused_mut, unused_variables)]
                    let mut index = 0;
                    $Enum::$V $({ $($f: {
                        index += 1;
                        $crate::controllers::said::samples::Sample::sample(stringify!($f), round, index)
                    }),* })?
                }) ),* ]
            }
        }

        impl ::std::fmt::Display for $Enum {
            fn fmt(&self, out: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                $crate::controllers::said::template::say(out, self)
            }
        }

        impl PartialEq for $Enum {
            fn eq(&self, other: &Self) -> bool {
                $crate::controllers::said::same(self, other)
            }
        }

        impl $crate::controllers::said::Phrase for $Enum {
            fn id(&self) -> &'static str {
                match self {
                    $( $Enum::$V { .. } => concat!("said-", $family, "-", stringify!($V)), )*
                }
            }

            #[allow(unused_variables)]
            fn each_arg<'a>(&'a self, visit: &mut $crate::controllers::said::Visit<'a, '_>) {
                match self {
                    $( $Enum::$V { $($($f),*)? } => {
                        $($( visit(stringify!($f), $crate::controllers::said::IntoArg::arg($f)); )*)?
                    } )*
                }
            }

            fn template(&self) -> &'static str {
                match self {
                    $( $Enum::$V { .. } => $template, )*
                }
            }
        }
    };
}
pub(crate) use phrases;

/// Declares `Said` over every loop's phrases.
macro_rules! families {
    ($($V:ident($T:ty)),* $(,)?) => {
        /// What a loop said: one of its phrases, or the cluster's own words.
        #[derive(Clone, Debug, PartialEq)]
        pub enum Said {
            /// Written by Kubernetes, not the loop (an API error, a volume's failure, a
            /// decision read back over the API): shown as it is in every language.
            Cluster(String),
            /// A phrase read back over the API.
            Read(Box<ReadPhrase>),
            $( $V($T), )*
        }

        $( impl From<$T> for Said {
            fn from(p: $T) -> Said {
                Said::$V(p)
            }
        } )*

        impl fmt::Display for Said {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                match self {
                    Said::Cluster(s) => f.write_str(s),
                    Said::Read(p) => f.write_str(&p.english),
                    _ => self.phrase().map_or(Ok(()), |p| template::say(f, p)),
                }
            }
        }

        impl Said {
            /// The loop's own phrase; `None` for the cluster's words and a phrase read back.
            pub(crate) fn phrase(&self) -> Option<&dyn Phrase> {
                match self {
                    Said::Cluster(_) | Said::Read(_) => None,
                    $( Said::$V(p) => Some(p), )*
                }
            }

            /// The phrase's message id; `None` for the cluster's own words.
            pub fn id(&self) -> Option<&str> {
                match self {
                    Said::Read(p) => Some(&p.id),
                    _ => self.phrase().map(|p| p.id()),
                }
            }

            /// The phrase's arguments, by name (none for the cluster's own words).
            pub fn each_arg<'a>(&'a self, visit: &mut Visit<'a, '_>) {
                match self {
                    Said::Read(p) => p.args.iter().for_each(|(name, arg)| visit(name, arg.arg())),
                    _ => {
                        if let Some(p) = self.phrase() {
                            p.each_arg(visit)
                        }
                    }
                }
            }

            /// One instance of every phrase with its message id (`samples.rs`).
            #[cfg(test)]
            pub(crate) fn samples(round: usize) -> Vec<(&'static str, Said)> {
                let mut all = Vec::new();
                $( all.extend(<$T>::samples(round).into_iter().map(|(id, p)| (id, Said::from(p)))); )*
                all
            }

            /// Every phrase's message id and argument names.
            pub fn messages() -> impl Iterator<Item = (&'static str, &'static [&'static str])> {
                std::iter::empty()
                    $( .chain(<$T>::MESSAGES.iter().copied()) )*
            }
        }
    };
}

families! {
    Kubelet(KubeletSaid),
    Deployment(DeploymentSaid),
    ReplicaSet(ReplicaSetSaid),
    DaemonSet(DaemonSetSaid),
    StatefulSet(StatefulSetSaid),
    Job(JobSaid),
    Claim(ClaimSaid),
    CronJob(CronJobSaid),
    Autoscaler(AutoscalerSaid),
    Disruption(DisruptionSaid),
    Quota(QuotaSaid),
    Namespace(NamespaceSaid),
    ServiceAccount(ServiceAccountSaid),
    Endpoints(EndpointsSaid),
    Proxy(ProxySaid),
    Gc(GcSaid),
    Node(NodeSaid),
    Scheduler(SchedulerSaid),
    Watch(WatchSaid),
}

impl Said {
    /// The cluster's own words.
    pub fn cluster(text: impl Into<String>) -> Said {
        Said::Cluster(text.into())
    }
}

impl PartialEq<&str> for Said {
    fn eq(&self, other: &&str) -> bool {
        let said = self.to_string();
        said == *other
    }
}

#[cfg(test)]
mod samples;
#[cfg(test)]
mod tests;
