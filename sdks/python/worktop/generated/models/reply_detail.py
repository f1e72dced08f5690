from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.sender import Sender

if TYPE_CHECKING:
    from ..models.attachment_out import AttachmentOut


T = TypeVar("T", bound="ReplyDetail")


@_attrs_define
class ReplyDetail:
    """A reply with its attachments.

    Attributes:
        attachments (list[AttachmentOut]):
        created_at (str): RFC 3339, UTC.
        description (str):
        email (None | str): The customer's address, for a reply that came by e-mail.
        id (int): Unique per workspace and resource.
        sender (Sender): Who wrote a reply.
        ticket_id (int):
        updated_at (str): RFC 3339, UTC.
        user_id (int | None): The workspace user who wrote it (staff, or the customer when they are a user).
        version (int): Goes up by one on every change; send it back (`version` or `If-Match`) to update safely.
    """

    attachments: list[AttachmentOut]
    created_at: str
    description: str
    email: None | str
    id: int
    sender: Sender
    ticket_id: int
    updated_at: str
    user_id: int | None
    version: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        attachments = []
        for attachments_item_data in self.attachments:
            attachments_item = attachments_item_data.to_dict()
            attachments.append(attachments_item)

        created_at = self.created_at

        description = self.description

        email: None | str
        email = self.email

        id = self.id

        sender = self.sender.value

        ticket_id = self.ticket_id

        updated_at = self.updated_at

        user_id: int | None
        user_id = self.user_id

        version = self.version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "attachments": attachments,
                "created_at": created_at,
                "description": description,
                "email": email,
                "id": id,
                "sender": sender,
                "ticket_id": ticket_id,
                "updated_at": updated_at,
                "user_id": user_id,
                "version": version,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.attachment_out import AttachmentOut

        d = dict(src_dict)
        attachments = []
        _attachments = d.pop("attachments")
        for attachments_item_data in _attachments:
            attachments_item = AttachmentOut.from_dict(attachments_item_data)

            attachments.append(attachments_item)

        created_at = d.pop("created_at")

        description = d.pop("description")

        def _parse_email(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        email = _parse_email(d.pop("email"))

        id = d.pop("id")

        sender = Sender(d.pop("sender"))

        ticket_id = d.pop("ticket_id")

        updated_at = d.pop("updated_at")

        def _parse_user_id(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        user_id = _parse_user_id(d.pop("user_id"))

        version = d.pop("version")

        reply_detail = cls(
            attachments=attachments,
            created_at=created_at,
            description=description,
            email=email,
            id=id,
            sender=sender,
            ticket_id=ticket_id,
            updated_at=updated_at,
            user_id=user_id,
            version=version,
        )

        reply_detail.additional_properties = d
        return reply_detail

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
