from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.custom_values_in import CustomValuesIn


T = TypeVar("T", bound="UpsertLeadPatch")


@_attrs_define
class UpsertLeadPatch:
    """Body of `POST /api/lead/update/{id}`: absent fields stay, `null` clears an optional one.

    Example:
        {'id': 1, 'notes': 'Call back on Monday', 'phone': None, 'stage_id': 3}

    Attributes:
        id (int): The record to change; the other fields change only what they name.
        custom_fields (CustomValuesIn | Unset): Values of the workspace's custom fields, by key (GET /api/custom-
            fields); null clears one.
        email (str | Unset):
        follow_up_date (datetime.date | None | Unset):
        is_active (bool | Unset):
        labels (list[int] | Unset):
        name (str | Unset):
        notes (None | str | Unset):
        phone (None | str | Unset):
        pipeline_id (int | Unset): Moving to another pipeline puts the lead in `stage_id` or that pipeline's first
            stage.
        products (list[int] | Unset):
        sources (list[int] | Unset):
        stage_id (int | Unset):
        subject (None | str | Unset):
        user_id (int | None | Unset):
        users (list[int] | Unset):
        version (int | None | Unset): The version the change is based on (409 when it moved on).
    """

    id: int
    custom_fields: CustomValuesIn | Unset = UNSET
    email: str | Unset = UNSET
    follow_up_date: datetime.date | None | Unset = UNSET
    is_active: bool | Unset = UNSET
    labels: list[int] | Unset = UNSET
    name: str | Unset = UNSET
    notes: None | str | Unset = UNSET
    phone: None | str | Unset = UNSET
    pipeline_id: int | Unset = UNSET
    products: list[int] | Unset = UNSET
    sources: list[int] | Unset = UNSET
    stage_id: int | Unset = UNSET
    subject: None | str | Unset = UNSET
    user_id: int | None | Unset = UNSET
    users: list[int] | Unset = UNSET
    version: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        custom_fields: dict[str, Any] | Unset = UNSET
        if not isinstance(self.custom_fields, Unset):
            custom_fields = self.custom_fields.to_dict()

        email = self.email

        follow_up_date: None | str | Unset
        if isinstance(self.follow_up_date, Unset):
            follow_up_date = UNSET
        elif isinstance(self.follow_up_date, datetime.date):
            follow_up_date = self.follow_up_date.isoformat()
        else:
            follow_up_date = self.follow_up_date

        is_active = self.is_active

        labels: list[int] | Unset = UNSET
        if not isinstance(self.labels, Unset):
            labels = self.labels

        name = self.name

        notes: None | str | Unset
        if isinstance(self.notes, Unset):
            notes = UNSET
        else:
            notes = self.notes

        phone: None | str | Unset
        if isinstance(self.phone, Unset):
            phone = UNSET
        else:
            phone = self.phone

        pipeline_id = self.pipeline_id

        products: list[int] | Unset = UNSET
        if not isinstance(self.products, Unset):
            products = self.products

        sources: list[int] | Unset = UNSET
        if not isinstance(self.sources, Unset):
            sources = self.sources

        stage_id = self.stage_id

        subject: None | str | Unset
        if isinstance(self.subject, Unset):
            subject = UNSET
        else:
            subject = self.subject

        user_id: int | None | Unset
        if isinstance(self.user_id, Unset):
            user_id = UNSET
        else:
            user_id = self.user_id

        users: list[int] | Unset = UNSET
        if not isinstance(self.users, Unset):
            users = self.users

        version: int | None | Unset
        if isinstance(self.version, Unset):
            version = UNSET
        else:
            version = self.version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
            }
        )
        if custom_fields is not UNSET:
            field_dict["custom_fields"] = custom_fields
        if email is not UNSET:
            field_dict["email"] = email
        if follow_up_date is not UNSET:
            field_dict["follow_up_date"] = follow_up_date
        if is_active is not UNSET:
            field_dict["is_active"] = is_active
        if labels is not UNSET:
            field_dict["labels"] = labels
        if name is not UNSET:
            field_dict["name"] = name
        if notes is not UNSET:
            field_dict["notes"] = notes
        if phone is not UNSET:
            field_dict["phone"] = phone
        if pipeline_id is not UNSET:
            field_dict["pipeline_id"] = pipeline_id
        if products is not UNSET:
            field_dict["products"] = products
        if sources is not UNSET:
            field_dict["sources"] = sources
        if stage_id is not UNSET:
            field_dict["stage_id"] = stage_id
        if subject is not UNSET:
            field_dict["subject"] = subject
        if user_id is not UNSET:
            field_dict["user_id"] = user_id
        if users is not UNSET:
            field_dict["users"] = users
        if version is not UNSET:
            field_dict["version"] = version

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.custom_values_in import CustomValuesIn

        d = dict(src_dict)
        id = d.pop("id")

        _custom_fields = d.pop("custom_fields", UNSET)
        custom_fields: CustomValuesIn | Unset
        if isinstance(_custom_fields, Unset):
            custom_fields = UNSET
        else:
            custom_fields = CustomValuesIn.from_dict(_custom_fields)

        email = d.pop("email", UNSET)

        def _parse_follow_up_date(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                follow_up_date_type_0 = datetime.date.fromisoformat(data)

                return follow_up_date_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        follow_up_date = _parse_follow_up_date(d.pop("follow_up_date", UNSET))

        is_active = d.pop("is_active", UNSET)

        labels = cast(list[int], d.pop("labels", UNSET))

        name = d.pop("name", UNSET)

        def _parse_notes(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        notes = _parse_notes(d.pop("notes", UNSET))

        def _parse_phone(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        phone = _parse_phone(d.pop("phone", UNSET))

        pipeline_id = d.pop("pipeline_id", UNSET)

        products = cast(list[int], d.pop("products", UNSET))

        sources = cast(list[int], d.pop("sources", UNSET))

        stage_id = d.pop("stage_id", UNSET)

        def _parse_subject(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        subject = _parse_subject(d.pop("subject", UNSET))

        def _parse_user_id(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        user_id = _parse_user_id(d.pop("user_id", UNSET))

        users = cast(list[int], d.pop("users", UNSET))

        def _parse_version(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        version = _parse_version(d.pop("version", UNSET))

        upsert_lead_patch = cls(
            id=id,
            custom_fields=custom_fields,
            email=email,
            follow_up_date=follow_up_date,
            is_active=is_active,
            labels=labels,
            name=name,
            notes=notes,
            phone=phone,
            pipeline_id=pipeline_id,
            products=products,
            sources=sources,
            stage_id=stage_id,
            subject=subject,
            user_id=user_id,
            users=users,
            version=version,
        )

        upsert_lead_patch.additional_properties = d
        return upsert_lead_patch

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
