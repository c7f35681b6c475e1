//! The model rows' types: the Swift models of Sources/BenchmarkWorkloads, as a Rust tool would
//! declare them for serde derive. Field names are the Swift properties' names, which are the
//! plist keys that Codable writes.

use serde::{de, Deserializer, Serializer};
use serde_derive::{Deserialize, Serialize};
use std::collections::HashMap;
use url::Url;
use uuid::Uuid;

/// One `records` entry (Student.swift); the workload is an array of them.
#[derive(Serialize, Deserialize, PartialEq, Debug)]
pub struct Student {
    pub name: String,
    pub number: String,
    pub age: i64,
    pub score: f64,
    pub memo: String,
    pub teacher: String,
    pub enrolled: plist::Date,
    pub active: bool,
}

// MARK: app-state (AppState.swift)
//
// The file is Foundation's PropertyListEncoder output for the Swift model, so the Rust types
// follow what Codable writes: `UUID` as its string, `URL` as a dictionary `{relative, base?}`,
// `[Int: T]` with the integers as string keys, enums with associated values as
// `{case: {label: value}}` (`_0` for an unlabelled value, `{}` for none), an absent optional as
// an absent key. UUIDs and URLs are parsed into `uuid::Uuid` and `url::Url`, as the Swift model
// parses them into `UUID` and `URL`.

/// An enum with a string raw value, written as that string. Its Deserialize goes through a
/// `String` (`try_from`) rather than serde's unit variants: plist 1.3.1 reads a unit variant
/// from a string without consuming the string, so the next key of the enclosing dictionary
/// comes out wrong.
macro_rules! string_enum {
    ($(#[$meta:meta])* $name:ident { $($variant:ident = $text:literal),+ $(,)? }) => {
        $(#[$meta])*
        #[derive(Serialize, Deserialize, PartialEq, Debug)]
        #[serde(try_from = "String")]
        pub enum $name {
            $(#[serde(rename = $text)] $variant),+
        }

        impl TryFrom<String> for $name {
            type Error = String;
            fn try_from(text: String) -> Result<Self, String> {
                match text.as_str() {
                    $($text => Ok(Self::$variant),)+
                    _ => Err(format!("no {} named {text}", stringify!($name))),
                }
            }
        }
    };
}

#[derive(Serialize, Deserialize, PartialEq, Debug)]
#[serde(rename_all = "camelCase")]
pub struct AppState {
    pub version: i64,
    pub saved_at: plist::Date,
    pub current_user: Option<Uuid>,
    pub last_error: Option<String>,
    pub settings: AppSettings,
    pub users: Vec<AppUser>,
    pub workspaces: Vec<AppWorkspace>,
}

string_enum!(Theme { System = "system", Light = "light", Dark = "dark", HighContrast = "highContrast" });

#[derive(Serialize, Deserialize, PartialEq, Debug)]
#[serde(rename_all = "camelCase")]
pub struct AppSettings {
    pub theme: Theme,
    pub font_size: f64,
    pub sync_interval: i64,
    pub last_sync: Option<plist::Date>,
    pub server: FoundationUrl,
    pub feature_flags: HashMap<String, bool>,
}

/// A `URL` as Foundation's Codable conformance writes it: its relative string and, for a
/// relative URL, its base.
#[derive(Serialize, Deserialize, PartialEq, Debug)]
pub struct FoundationUrl {
    pub relative: Url,
    pub base: Option<Box<FoundationUrl>>,
}

string_enum!(UserRole { Owner = "owner", Admin = "admin", Member = "member", Guest = "guest" });

#[derive(Serialize, Deserialize, PartialEq, Debug)]
#[serde(rename_all = "camelCase")]
pub struct AppUser {
    pub id: Uuid,
    pub name: String,
    pub email: String,
    pub role: UserRole,
    pub avatar: Option<FoundationUrl>,
    pub joined: plist::Date,
    pub last_seen: Option<plist::Date>,
    pub preferences: HashMap<String, String>,
}

#[derive(Serialize, Deserialize, PartialEq, Debug)]
#[serde(rename_all = "camelCase")]
pub struct AppWorkspace {
    pub id: Uuid,
    pub name: String,
    pub owner: Uuid,
    pub created: plist::Date,
    pub members: Vec<Uuid>,
    pub projects: Vec<AppProject>,
}

#[derive(Serialize, Deserialize, PartialEq, Debug)]
#[serde(rename_all = "camelCase")]
pub struct AppProject {
    pub id: Uuid,
    pub name: String,
    pub summary: Option<String>,
    pub created: plist::Date,
    pub archived: bool,
    pub homepage: Option<FoundationUrl>,
    pub labels: HashMap<String, i64>,
    pub milestones: HashMap<IntKey, AppMilestone>,
    pub tasks: Vec<AppTask>,
}

/// An `Int` key of a Swift dictionary, which Codable writes as a string key.
#[derive(PartialEq, Eq, Hash, Debug)]
pub struct IntKey(pub i64);

impl serde::Serialize for IntKey {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(&self.0)
    }
}

impl<'de> serde::Deserialize<'de> for IntKey {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Visitor;
        impl de::Visitor<'_> for Visitor {
            type Value = IntKey;
            fn expecting(&self, formatter: &mut std::fmt::Formatter) -> std::fmt::Result {
                formatter.write_str("an integer as a string key")
            }
            fn visit_str<E: de::Error>(self, text: &str) -> Result<IntKey, E> {
                text.parse().map(IntKey).map_err(|_| E::invalid_value(de::Unexpected::Str(text), &self))
            }
        }
        deserializer.deserialize_str(Visitor)
    }
}

#[derive(Serialize, Deserialize, PartialEq, Debug)]
pub struct AppMilestone {
    pub title: String,
    pub due: plist::Date,
    pub done: bool,
}

/// A task's state: Swift's enum with associated values, one dictionary per case.
#[derive(Serialize, Deserialize, PartialEq, Debug)]
#[serde(rename_all = "camelCase")]
pub enum TaskStatus {
    Todo {},
    InProgress { progress: f64 },
    Blocked { reason: String, since: plist::Date },
    Done { at: plist::Date, by: Uuid },
}

/// Swift's enum with an integer raw value, written as that integer.
#[derive(Serialize, Deserialize, PartialEq, Debug, Clone, Copy)]
#[serde(try_from = "i64", into = "i64")]
pub enum TaskPriority {
    None = 0,
    Low = 1,
    Medium = 2,
    High = 3,
    Urgent = 4,
}

impl TryFrom<i64> for TaskPriority {
    type Error = String;
    fn try_from(raw: i64) -> Result<Self, String> {
        Ok(match raw {
            0 => TaskPriority::None,
            1 => TaskPriority::Low,
            2 => TaskPriority::Medium,
            3 => TaskPriority::High,
            4 => TaskPriority::Urgent,
            _ => return Err(format!("no task priority {raw}")),
        })
    }
}

impl From<TaskPriority> for i64 {
    fn from(priority: TaskPriority) -> i64 {
        priority as i64
    }
}

#[derive(Serialize, Deserialize, PartialEq, Debug)]
#[serde(rename_all = "camelCase")]
pub struct AppTask {
    pub id: Uuid,
    pub title: String,
    pub notes: Option<String>,
    pub status: TaskStatus,
    pub priority: TaskPriority,
    pub assignee: Option<Uuid>,
    pub reporter: Uuid,
    pub created: plist::Date,
    pub due: Option<plist::Date>,
    pub estimate: Option<f64>,
    pub tags: Vec<String>,
    pub checklist: Vec<AppChecklistItem>,
    pub comments: Vec<AppComment>,
    pub attachments: Vec<AppAttachment>,
    pub fields: HashMap<String, FieldValue>,
}

#[derive(Serialize, Deserialize, PartialEq, Debug)]
pub struct AppChecklistItem {
    pub text: String,
    pub done: bool,
}

#[derive(Serialize, Deserialize, PartialEq, Debug)]
pub struct AppComment {
    pub id: Uuid,
    pub author: Uuid,
    pub body: String,
    pub created: plist::Date,
    pub edited: Option<plist::Date>,
    pub reactions: HashMap<String, i64>,
}

string_enum!(AttachmentKind { Image = "image", Document = "document", Archive = "archive", Link = "link" });

#[derive(Serialize, Deserialize, PartialEq, Debug)]
pub struct AppAttachment {
    pub id: Uuid,
    pub name: String,
    pub kind: AttachmentKind,
    pub url: FoundationUrl,
    pub size: i64,
    #[serde(with = "serde_bytes")]
    pub checksum: Vec<u8>,
    #[serde(with = "serde_bytes", default)]
    pub thumbnail: Option<Vec<u8>>,
}

/// A custom field's value: Swift's enum with one unlabelled value per case (key `_0`).
#[derive(Serialize, Deserialize, PartialEq, Debug)]
#[serde(rename_all = "camelCase")]
pub enum FieldValue {
    Text {
        #[serde(rename = "_0")]
        value: String,
    },
    Number {
        #[serde(rename = "_0")]
        value: f64,
    },
    Flag {
        #[serde(rename = "_0")]
        value: bool,
    },
    Date {
        #[serde(rename = "_0")]
        value: plist::Date,
    },
    Link {
        #[serde(rename = "_0")]
        value: FoundationUrl,
    },
}
