from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.custom_values import CustomValues


T = TypeVar("T", bound="Lead")


@_attrs_define
class Lead:
    """A prospect moving through a pipeline's lead stages.

    Attributes:
        converted_deal_id (int | None): The deal it became; set once by `convert-to-deal`.
        created_at (str): RFC 3339, UTC.
        custom_fields (CustomValues): The workspace's custom fields on this record, by key (GET /api/custom-fields).
        email (str): An e-mail address, trimmed and lower-cased.
        follow_up_date (datetime.date | None): `YYYY-MM-DD`.
        id (int): Unique per workspace and resource.
        is_active (bool):
        labels (list[int]):
        name (str):
        notes (None | str):
        order (int): Position within its stage, from 1.
        phone (None | str): At most 20 characters.
        pipeline_id (int):
        products (list[int]):
        sources (list[int]):
        stage_id (int):
        subject (None | str):
        updated_at (str): RFC 3339, UTC.
        user_id (int | None): The owner: a user of the workspace.
        users (list[int]): Users working the lead.
        version (int): Goes up by one on every change; send it back (`version` or `If-Match`) to update safely.
    """

    converted_deal_id: int | None
    created_at: str
    custom_fields: CustomValues
    email: str
    follow_up_date: datetime.date | None
    id: int
    is_active: bool
    labels: list[int]
    name: str
    notes: None | str
    order: int
    phone: None | str
    pipeline_id: int
    products: list[int]
    sources: list[int]
    stage_id: int
    subject: None | str
    updated_at: str
    user_id: int | None
    users: list[int]
    version: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        converted_deal_id: int | None
        converted_deal_id = self.converted_deal_id

        created_at = self.created_at

        custom_fields = self.custom_fields.to_dict()

        email = self.email

        follow_up_date: None | str
        if isinstance(self.follow_up_date, datetime.date):
            follow_up_date = self.follow_up_date.isoformat()
        else:
            follow_up_date = self.follow_up_date

        id = self.id

        is_active = self.is_active

        labels = self.labels

        name = self.name

        notes: None | str
        notes = self.notes

        order = self.order

        phone: None | str
        phone = self.phone

        pipeline_id = self.pipeline_id

        products = self.products

        sources = self.sources

        stage_id = self.stage_id

        subject: None | str
        subject = self.subject

        updated_at = self.updated_at

        user_id: int | None
        user_id = self.user_id

        users = self.users

        version = self.version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "converted_deal_id": converted_deal_id,
                "created_at": created_at,
                "custom_fields": custom_fields,
                "email": email,
                "follow_up_date": follow_up_date,
                "id": id,
                "is_active": is_active,
                "labels": labels,
                "name": name,
                "notes": notes,
                "order": order,
                "phone": phone,
                "pipeline_id": pipeline_id,
                "products": products,
                "sources": sources,
                "stage_id": stage_id,
                "subject": subject,
                "updated_at": updated_at,
                "user_id": user_id,
                "users": users,
                "version": version,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.custom_values import CustomValues

        d = dict(src_dict)

        def _parse_converted_deal_id(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        converted_deal_id = _parse_converted_deal_id(d.pop("converted_deal_id"))

        created_at = d.pop("created_at")

        custom_fields = CustomValues.from_dict(d.pop("custom_fields"))

        email = d.pop("email")

        def _parse_follow_up_date(data: object) -> datetime.date | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                follow_up_date_type_1 = datetime.date.fromisoformat(data)

                return follow_up_date_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None, data)

        follow_up_date = _parse_follow_up_date(d.pop("follow_up_date"))

        id = d.pop("id")

        is_active = d.pop("is_active")

        labels = cast(list[int], d.pop("labels"))

        name = d.pop("name")

        def _parse_notes(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        notes = _parse_notes(d.pop("notes"))

        order = d.pop("order")

        def _parse_phone(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        phone = _parse_phone(d.pop("phone"))

        pipeline_id = d.pop("pipeline_id")

        products = cast(list[int], d.pop("products"))

        sources = cast(list[int], d.pop("sources"))

        stage_id = d.pop("stage_id")

        def _parse_subject(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        subject = _parse_subject(d.pop("subject"))

        updated_at = d.pop("updated_at")

        def _parse_user_id(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        user_id = _parse_user_id(d.pop("user_id"))

        users = cast(list[int], d.pop("users"))

        version = d.pop("version")

        lead = cls(
            converted_deal_id=converted_deal_id,
            created_at=created_at,
            custom_fields=custom_fields,
            email=email,
            follow_up_date=follow_up_date,
            id=id,
            is_active=is_active,
            labels=labels,
            name=name,
            notes=notes,
            order=order,
            phone=phone,
            pipeline_id=pipeline_id,
            products=products,
            sources=sources,
            stage_id=stage_id,
            subject=subject,
            updated_at=updated_at,
            user_id=user_id,
            users=users,
            version=version,
        )

        lead.additional_properties = d
        return lead

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
