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


T = TypeVar("T", bound="UpsertProjectIn")


@_attrs_define
class UpsertProjectIn:
    """Body of `POST /api/projects/create`.

    Attributes:
        name (str):
        budget (float | None | Unset): At least 0; defaults to 0. Example: 1250.5.
        clients (list[int] | None | Unset): Client users of the workspace.
        custom_fields (CustomValuesIn | None | Unset): Values of the workspace's custom fields, by key (`GET
            /api/custom-fields`).
        description (None | str | Unset):
        end_date (datetime.date | None | Unset): Not before the start date.
        members (list[int] | None | Unset): Users of the workspace.
        start_date (datetime.date | None | Unset):
        status (None | ProjectStatus | Unset): Defaults to `ongoing`.
    """

    name: str
    budget: float | None | Unset = UNSET
    clients: list[int] | None | Unset = UNSET
    custom_fields: CustomValuesIn | None | Unset = UNSET
    description: None | str | Unset = UNSET
    end_date: datetime.date | None | Unset = UNSET
    members: list[int] | None | Unset = UNSET
    start_date: datetime.date | None | Unset = UNSET
    status: None | ProjectStatus | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.custom_values_in import CustomValuesIn

        name = self.name

        budget: float | None | Unset
        if isinstance(self.budget, Unset):
            budget = UNSET
        else:
            budget = self.budget

        clients: list[int] | None | Unset
        if isinstance(self.clients, Unset):
            clients = UNSET
        elif isinstance(self.clients, list):
            clients = self.clients

        else:
            clients = self.clients

        custom_fields: dict[str, Any] | None | Unset
        if isinstance(self.custom_fields, Unset):
            custom_fields = UNSET
        elif isinstance(self.custom_fields, CustomValuesIn):
            custom_fields = self.custom_fields.to_dict()
        else:
            custom_fields = self.custom_fields

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

        status: None | str | Unset
        if isinstance(self.status, Unset):
            status = UNSET
        elif isinstance(self.status, ProjectStatus):
            status = self.status.value
        else:
            status = self.status

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "name": name,
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
        if start_date is not UNSET:
            field_dict["start_date"] = start_date
        if status is not UNSET:
            field_dict["status"] = status

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

        def _parse_clients(data: object) -> list[int] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                clients_type_0 = cast(list[int], data)

                return clients_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[int] | None | Unset, data)

        clients = _parse_clients(d.pop("clients", UNSET))

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

        def _parse_status(data: object) -> None | ProjectStatus | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                status_type_1 = ProjectStatus(data)

                return status_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | ProjectStatus | Unset, data)

        status = _parse_status(d.pop("status", UNSET))

        upsert_project_in = cls(
            name=name,
            budget=budget,
            clients=clients,
            custom_fields=custom_fields,
            description=description,
            end_date=end_date,
            members=members,
            start_date=start_date,
            status=status,
        )

        upsert_project_in.additional_properties = d
        return upsert_project_in

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
