from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.custom_values_in import CustomValuesIn


T = TypeVar("T", bound="V1ProjectIn")


@_attrs_define
class V1ProjectIn:
    """Body of `POST /api/v1/projects`.

    Example:
        {'client_id': 4, 'deadline': '2026-06-30', 'members': [1, 2], 'name': 'Website relaunch'}

    Attributes:
        name (str):
        budget (float | None | Unset): At least 0; defaults to 0. Example: 1250.5.
        client_id (int | None | Unset): A client user of the workspace: the project's client.
        custom_fields (CustomValuesIn | None | Unset): Values of the workspace's custom fields on projects, by key (`GET
            /api/custom-fields`).
        deadline (datetime.date | None | Unset): The project's end date.
        description (None | str | Unset):
        members (list[int] | None | Unset): Users of the workspace.
        start_date (datetime.date | None | Unset): Not after the deadline.
    """

    name: str
    budget: float | None | Unset = UNSET
    client_id: int | None | Unset = UNSET
    custom_fields: CustomValuesIn | None | Unset = UNSET
    deadline: datetime.date | None | Unset = UNSET
    description: None | str | Unset = UNSET
    members: list[int] | None | Unset = UNSET
    start_date: datetime.date | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.custom_values_in import CustomValuesIn

        name = self.name

        budget: float | None | Unset
        if isinstance(self.budget, Unset):
            budget = UNSET
        else:
            budget = self.budget

        client_id: int | None | Unset
        if isinstance(self.client_id, Unset):
            client_id = UNSET
        else:
            client_id = self.client_id

        custom_fields: dict[str, Any] | None | Unset
        if isinstance(self.custom_fields, Unset):
            custom_fields = UNSET
        elif isinstance(self.custom_fields, CustomValuesIn):
            custom_fields = self.custom_fields.to_dict()
        else:
            custom_fields = self.custom_fields

        deadline: None | str | Unset
        if isinstance(self.deadline, Unset):
            deadline = UNSET
        elif isinstance(self.deadline, datetime.date):
            deadline = self.deadline.isoformat()
        else:
            deadline = self.deadline

        description: None | str | Unset
        if isinstance(self.description, Unset):
            description = UNSET
        else:
            description = self.description

        members: list[int] | None | Unset
        if isinstance(self.members, Unset):
            members = UNSET
        elif isinstance(self.members, list):
            members = self.members

        else:
            members = self.members

        start_date: None | str | Unset
        if isinstance(self.start_date, Unset):
            start_date = UNSET
        elif isinstance(self.start_date, datetime.date):
            start_date = self.start_date.isoformat()
        else:
            start_date = self.start_date

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "name": name,
            }
        )
        if budget is not UNSET:
            field_dict["budget"] = budget
        if client_id is not UNSET:
            field_dict["client_id"] = client_id
        if custom_fields is not UNSET:
            field_dict["custom_fields"] = custom_fields
        if deadline is not UNSET:
            field_dict["deadline"] = deadline
        if description is not UNSET:
            field_dict["description"] = description
        if members is not UNSET:
            field_dict["members"] = members
        if start_date is not UNSET:
            field_dict["start_date"] = start_date

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.custom_values_in import CustomValuesIn

        d = dict(src_dict)
        name = d.pop("name")

        def _parse_budget(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        budget = _parse_budget(d.pop("budget", UNSET))

        def _parse_client_id(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        client_id = _parse_client_id(d.pop("client_id", UNSET))

        def _parse_custom_fields(data: object) -> CustomValuesIn | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                custom_fields_type_1 = CustomValuesIn.from_dict(data)

                return custom_fields_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CustomValuesIn | None | Unset, data)

        custom_fields = _parse_custom_fields(d.pop("custom_fields", UNSET))

        def _parse_deadline(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                deadline_type_0 = datetime.date.fromisoformat(data)

                return deadline_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        deadline = _parse_deadline(d.pop("deadline", UNSET))

        def _parse_description(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        description = _parse_description(d.pop("description", UNSET))

        def _parse_members(data: object) -> list[int] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                members_type_0 = cast(list[int], data)

                return members_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[int] | None | Unset, data)

        members = _parse_members(d.pop("members", UNSET))

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

        v1_project_in = cls(
            name=name,
            budget=budget,
            client_id=client_id,
            custom_fields=custom_fields,
            deadline=deadline,
            description=description,
            members=members,
            start_date=start_date,
        )

        v1_project_in.additional_properties = d
        return v1_project_in

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
