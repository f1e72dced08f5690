from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.project_status import ProjectStatus
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.custom_values_in import CustomValuesIn


T = TypeVar("T", bound="UpsertProjectPatch")


@_attrs_define
class UpsertProjectPatch:
    """Body of `POST /api/project/update/{id}`: absent fields stay; `members` and `clients` replace
    the lists; `status` moves it (`finished` for good).

        Attributes:
            id (int): The record to change; the other fields change only what they name.
            budget (float | Unset): An amount with two decimal places, at most 9,999,999,999,999.99 either way (a numeric
                string is accepted too). Example: 1250.5.
            clients (list[int] | Unset):
            custom_fields (CustomValuesIn | Unset): Values of the workspace's custom fields, by key (GET /api/custom-
                fields); null clears one.
            description (None | str | Unset): `null` clears it.
            end_date (datetime.date | None | Unset): Not before the start date; `null` clears it.
            members (list[int] | Unset):
            name (str | Unset):
            start_date (datetime.date | None | Unset): `null` clears it.
            status (ProjectStatus | Unset): Where a project stands: `ongoing ↔ on_hold → finished`.
            version (int | None | Unset): The version the change is based on (409 when it moved on).
    """

    id: int
    budget: float | Unset = UNSET
    clients: list[int] | Unset = UNSET
    custom_fields: CustomValuesIn | Unset = UNSET
    description: None | str | Unset = UNSET
    end_date: datetime.date | None | Unset = UNSET
    members: list[int] | Unset = UNSET
    name: str | Unset = UNSET
    start_date: datetime.date | None | Unset = UNSET
    status: ProjectStatus | Unset = UNSET
    version: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        budget = self.budget

        clients: list[int] | Unset = UNSET
        if not isinstance(self.clients, Unset):
            clients = self.clients

        custom_fields: dict[str, Any] | Unset = UNSET
        if not isinstance(self.custom_fields, Unset):
            custom_fields = self.custom_fields.to_dict()

        description: None | str | Unset
        if isinstance(self.description, Unset):
            description = UNSET
        else:
            description = self.description

        end_date: None | str | Unset
        if isinstance(self.end_date, Unset):
            end_date = UNSET
        elif isinstance(self.end_date, datetime.date):
            end_date = self.end_date.isoformat()
        else:
            end_date = self.end_date

        members: list[int] | Unset = UNSET
        if not isinstance(self.members, Unset):
            members = self.members

        name = self.name

        start_date: None | str | Unset
        if isinstance(self.start_date, Unset):
            start_date = UNSET
        elif isinstance(self.start_date, datetime.date):
            start_date = self.start_date.isoformat()
        else:
            start_date = self.start_date

        status: str | Unset = UNSET
        if not isinstance(self.status, Unset):
            status = self.status.value

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
        if budget is not UNSET:
            field_dict["budget"] = budget
        if clients is not UNSET:
            field_dict["clients"] = clients
        if custom_fields is not UNSET:
            field_dict["custom_fields"] = custom_fields
        if description is not UNSET:
            field_dict["description"] = description
        if end_date is not UNSET:
            field_dict["end_date"] = end_date
        if members is not UNSET:
            field_dict["members"] = members
        if name is not UNSET:
            field_dict["name"] = name
        if start_date is not UNSET:
            field_dict["start_date"] = start_date
        if status is not UNSET:
            field_dict["status"] = status
        if version is not UNSET:
            field_dict["version"] = version

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.custom_values_in import CustomValuesIn

        d = dict(src_dict)
        id = d.pop("id")

        budget = d.pop("budget", UNSET)

        clients = cast(list[int], d.pop("clients", UNSET))

        _custom_fields = d.pop("custom_fields", UNSET)
        custom_fields: CustomValuesIn | Unset
        if isinstance(_custom_fields, Unset):
            custom_fields = UNSET
        else:
            custom_fields = CustomValuesIn.from_dict(_custom_fields)

        def _parse_description(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        description = _parse_description(d.pop("description", UNSET))

        def _parse_end_date(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                end_date_type_0 = datetime.date.fromisoformat(data)

                return end_date_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        end_date = _parse_end_date(d.pop("end_date", UNSET))

        members = cast(list[int], d.pop("members", UNSET))

        name = d.pop("name", UNSET)

        def _parse_start_date(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                start_date_type_0 = datetime.date.fromisoformat(data)

                return start_date_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        start_date = _parse_start_date(d.pop("start_date", UNSET))

        _status = d.pop("status", UNSET)
        status: ProjectStatus | Unset
        if isinstance(_status, Unset):
            status = UNSET
        else:
            status = ProjectStatus(_status)

        def _parse_version(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        version = _parse_version(d.pop("version", UNSET))

        upsert_project_patch = cls(
            id=id,
            budget=budget,
            clients=clients,
            custom_fields=custom_fields,
            description=description,
            end_date=end_date,
            members=members,
            name=name,
            start_date=start_date,
            status=status,
            version=version,
        )

        upsert_project_patch.additional_properties = d
        return upsert_project_patch

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
