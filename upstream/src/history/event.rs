//! A change event: what changed in a record between two of its versions, typed, with the
//! values before and after. [`super::diff`] computes them; [`super::log`] keeps them with
//! the record; `GET /api/{register}/{id}/events` serves them (see `upstream/API.md`).
//!
//! As JSON an event is one object: `{"at": "<when>", "type": "<type>", …the type's
//! members}` (members that are `None` are left out). The log adds `seq`, `register` and
//! `recordId`. Texts are as the record has them: whoever shows them escapes them.

use serde::{Deserialize, Serialize};

/// An amount of money as the record states it.
#[serde_with::skip_serializing_none]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Money {
    pub amount: f64,
    pub currency: Option<String>,
    pub value_added_tax_included: Option<bool>,
}

/// The lot an event concerns: its id and title.
#[serde_with::skip_serializing_none]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LotRef {
    pub id: String,
    pub title: Option<String>,
}

/// One event: when it happened, and what.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Event {
    /// When it happened: the date the record gives the changed part (a question's
    /// `date`, an answer's `dateAnswered`, a document's `dateModified`, an award's
    /// `date`…), else the new version's `dateModified`. As the record writes it.
    pub at: String,
    #[serde(flatten)]
    pub change: Change,
}

/// Which period moved.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Period {
    EnquiryPeriod,
    TenderPeriod,
    AuctionPeriod,
}

/// What changed. `id`s are the record's own ids of the part (question, document, award…).
#[serde_with::skip_serializing_none]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "camelCase", rename_all_fields = "camelCase")]
pub enum Change {
    /// A record the store did not hold before (a buyer's new tender, plan or contract).
    Created {
        title: Option<String>,
        value: Option<Money>,
    },
    /// The record's status (a tender's stage: `active.enquiries`, `active.tendering`,
    /// `active.auction`, `active.qualification`, `active.awarded`, `complete`,
    /// `cancelled`, `unsuccessful`…; a plan's; a contract's), or a lot's.
    Status {
        from: Option<String>,
        to: Option<String>,
        lot: Option<LotRef>,
    },
    /// A period moved. For the enquiry and tender periods `from`/`to` are the old and new
    /// `endDate`; for the auction, the old and new `startDate`. `extended`: the new date
    /// is later than the old one.
    Period {
        period: Period,
        from: Option<String>,
        to: Option<String>,
        extended: bool,
        lot: Option<LotRef>,
    },
    QuestionAsked {
        id: String,
        title: Option<String>,
        description: Option<String>,
        lot: Option<LotRef>,
    },
    QuestionAnswered {
        id: String,
        title: Option<String>,
        answer: Option<String>,
        lot: Option<LotRef>,
    },
    /// `of`: what the document belongs to (`tender`, `lot`, `item`, `award`, `contract`,
    /// `cancellation`, `complaint`…, from its `documentOf` or where it sits).
    DocumentAdded {
        id: String,
        title: Option<String>,
        of: String,
        lot: Option<LotRef>,
    },
    /// A new version of a document (same `id`, a later `dateModified`).
    DocumentReplaced {
        id: String,
        title: Option<String>,
        previous_title: Option<String>,
        of: String,
        lot: Option<LotRef>,
    },
    /// `of`: `tender`, `award`, `qualification`, `cancellation`.
    ComplaintFiled {
        id: String,
        title: Option<String>,
        status: Option<String>,
        of: String,
        lot: Option<LotRef>,
    },
    ComplaintStatus {
        id: String,
        title: Option<String>,
        from: Option<String>,
        to: Option<String>,
        lot: Option<LotRef>,
    },
    /// A new award (usually `pending`): the supplier and value proposed.
    AwardPending {
        id: String,
        supplier: Option<String>,
        value: Option<Money>,
        status: Option<String>,
        lot: Option<LotRef>,
    },
    /// An award's status changed: `active`, `unsuccessful` (a disqualification),
    /// `cancelled`. `reason`: the award's published reason where there is one.
    AwardStatus {
        id: String,
        supplier: Option<String>,
        from: Option<String>,
        to: Option<String>,
        reason: Option<String>,
        lot: Option<LotRef>,
    },
    /// A contract became `active` (signed).
    ContractSigned {
        id: String,
        contract_id: Option<String>,
        supplier: Option<String>,
        value: Option<Money>,
        date_signed: Option<String>,
    },
    /// A change (amendment) of a contract: its `changes[]` entry.
    ContractChanged {
        id: String,
        rationale: Option<String>,
        rationale_types: Vec<String>,
        status: Option<String>,
    },
    /// A contract ended early or was cancelled (`terminated`, `cancelled`).
    ContractTerminated {
        id: String,
        from: Option<String>,
        to: Option<String>,
        amount_paid: Option<Money>,
    },
    /// A cancellation of the tender or of a lot was started (`pending`) …
    CancellationStarted {
        id: String,
        reason: Option<String>,
        reason_type: Option<String>,
        lot: Option<LotRef>,
    },
    /// … or completed (`active`).
    CancellationCompleted {
        id: String,
        reason: Option<String>,
        reason_type: Option<String>,
        lot: Option<LotRef>,
    },
    /// A state audit (DASU) monitoring opened / concluded.
    MonitoringOpened {
        id: Option<String>,
        status: Option<String>,
    },
    MonitoringConcluded {
        id: Option<String>,
        status: Option<String>,
    },
    LotAdded {
        id: String,
        title: Option<String>,
        value: Option<Money>,
    },
    LotCancelled {
        id: String,
        title: Option<String>,
        from: Option<String>,
        to: Option<String>,
    },
    LotValue {
        id: String,
        title: Option<String>,
        from: Option<Money>,
        to: Option<Money>,
    },
    /// A plan: a tender was created from it (`tender_id` appeared).
    TenderCreated {
        tender_id: String,
        tender_title: Option<String>,
    },
}

impl Change {
    /// The type's name as JSON writes it (`questionAnswered`).
    pub fn name(&self) -> &'static str {
        match self {
            Change::Created { .. } => "created",
            Change::Status { .. } => "status",
            Change::Period { .. } => "period",
            Change::QuestionAsked { .. } => "questionAsked",
            Change::QuestionAnswered { .. } => "questionAnswered",
            Change::DocumentAdded { .. } => "documentAdded",
            Change::DocumentReplaced { .. } => "documentReplaced",
            Change::ComplaintFiled { .. } => "complaintFiled",
            Change::ComplaintStatus { .. } => "complaintStatus",
            Change::AwardPending { .. } => "awardPending",
            Change::AwardStatus { .. } => "awardStatus",
            Change::ContractSigned { .. } => "contractSigned",
            Change::ContractChanged { .. } => "contractChanged",
            Change::ContractTerminated { .. } => "contractTerminated",
            Change::CancellationStarted { .. } => "cancellationStarted",
            Change::CancellationCompleted { .. } => "cancellationCompleted",
            Change::MonitoringOpened { .. } => "monitoringOpened",
            Change::MonitoringConcluded { .. } => "monitoringConcluded",
            Change::LotAdded { .. } => "lotAdded",
            Change::LotCancelled { .. } => "lotCancelled",
            Change::LotValue { .. } => "lotValue",
            Change::TenderCreated { .. } => "tenderCreated",
        }
    }
}
