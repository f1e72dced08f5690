from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.ticket_priority import TicketPriority
from ..models.ticket_status import TicketStatus

if TYPE_CHECKING:
    from ..models.custom_values import CustomValues
    from ..models.note import Note
    from ..models.reply_detail import ReplyDetail


T = TypeVar("T", bound="TicketDetail")


@_attrs_define
class TicketDetail:
    """Answer of `GET /api/support-ticket/ticket/show/{ticket_id}`.

    Attributes:
        assigned_to (int | None): The staff user working on it.
        category_id (int | None):
        closed_at (None | str): When it was last closed (cleared when reopened).
        created_at (str): RFC 3339, UTC.
        custom_fields (CustomValues): The workspace's custom fields on this record, by key (GET /api/custom-fields).
        description (None | str):
        email (str): An e-mail address, trimmed and lower-cased.
        first_response_at (None | str): When staff first replied.
        id (int): Unique per workspace and resource.
        name (str): Who asked: their name and e-mail (a workspace user's own when `user_id` is set).
        notes (list[Note]): Internal notes, oldest first: staff only, never part of the conversation.
        priority (TicketPriority): How soon a ticket needs an answer.
        replies (list[ReplyDetail]): The conversation, oldest first.
        status (TicketStatus): Where a ticket stands: `open → in_progress ↔ on_hold → closed`, and `closed → open`
            again.
        subject (str):
        ticket_number (str): Readable and unique in the workspace, from its `ticket` number series: `TKT-000042`,
            one unbroken sequence (see `GET /api/settings/number-series`).
        updated_at (str): RFC 3339, UTC.
        user_id (int | None): The workspace user who asked (a client user, say), if one did.
        version (int): Goes up by one on every change; send it back (`version` or `If-Match`) to update safely.
    """

    assigned_to: int | None
    category_id: int | None
    closed_at: None | str
    created_at: str
    custom_fields: CustomValues
    description: None | str
    email: str
    first_response_at: None | str
    id: int
    name: str
    notes: list[Note]
    priority: TicketPriority
    replies: list[ReplyDetail]
    status: TicketStatus
    subject: str
    ticket_number: str
    updated_at: str
    user_id: int | None
    version: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        assigned_to: int | None
        assigned_to = self.assigned_to

        category_id: int | None
        category_id = self.category_id

        closed_at: None | str
        closed_at = self.closed_at

        created_at = self.created_at

        custom_fields = self.custom_fields.to_dict()

        description: None | str
        description = self.description

        email = self.email

        first_response_at: None | str
        first_response_at = self.first_response_at

        id = self.id

        name = self.name

        notes = []
        for notes_item_data in self.notes:
            notes_item = notes_item_data.to_dict()
            notes.append(notes_item)

        priority = self.priority.value

        replies = []
        for replies_item_data in self.replies:
            replies_item = replies_item_data.to_dict()
            replies.append(replies_item)

        status = self.status.value

        subject = self.subject

        ticket_number = self.ticket_number

        updated_at = self.updated_at

        user_id: int | None
        user_id = self.user_id

        version = self.version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "assigned_to": assigned_to,
                "category_id": category_id,
                "closed_at": closed_at,
                "created_at": created_at,
                "custom_fields": custom_fields,
                "description": description,
                "email": email,
                "first_response_at": first_response_at,
                "id": id,
                "name": name,
                "notes": notes,
                "priority": priority,
                "replies": replies,
                "status": status,
                "subject": subject,
                "ticket_number": ticket_number,
                "updated_at": updated_at,
                "user_id": user_id,
                "version": version,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.custom_values import CustomValues
        from ..models.note import Note
        from ..models.reply_detail import ReplyDetail

        d = dict(src_dict)

        def _parse_assigned_to(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        assigned_to = _parse_assigned_to(d.pop("assigned_to"))

        def _parse_category_id(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        category_id = _parse_category_id(d.pop("category_id"))

        def _parse_closed_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        closed_at = _parse_closed_at(d.pop("closed_at"))

        created_at = d.pop("created_at")

        custom_fields = CustomValues.from_dict(d.pop("custom_fields"))

        def _parse_description(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        description = _parse_description(d.pop("description"))

        email = d.pop("email")

        def _parse_first_response_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        first_response_at = _parse_first_response_at(d.pop("first_response_at"))

        id = d.pop("id")

        name = d.pop("name")

        notes = []
        _notes = d.pop("notes")
        for notes_item_data in _notes:
            notes_item = Note.from_dict(notes_item_data)

            notes.append(notes_item)

        priority = TicketPriority(d.pop("priority"))

        replies = []
        _replies = d.pop("replies")
        for replies_item_data in _replies:
            replies_item = ReplyDetail.from_dict(replies_item_data)

            replies.append(replies_item)

        status = TicketStatus(d.pop("status"))

        subject = d.pop("subject")

        ticket_number = d.pop("ticket_number")

        updated_at = d.pop("updated_at")

        def _parse_user_id(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        user_id = _parse_user_id(d.pop("user_id"))

        version = d.pop("version")

        ticket_detail = cls(
            assigned_to=assigned_to,
            category_id=category_id,
            closed_at=closed_at,
            created_at=created_at,
            custom_fields=custom_fields,
            description=description,
            email=email,
            first_response_at=first_response_at,
            id=id,
            name=name,
            notes=notes,
            priority=priority,
            replies=replies,
            status=status,
            subject=subject,
            ticket_number=ticket_number,
            updated_at=updated_at,
            user_id=user_id,
            version=version,
        )

        ticket_detail.additional_properties = d
        return ticket_detail

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
