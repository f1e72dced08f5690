from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="Award")


@_attrs_define
class Award:
    """An award given to an employee: a title of its kind, and a gift or cash when there was one.

    Attributes:
        award_type (str): What it is for ("Employee of the month").
        cash (float | None): An amount with two decimal places, at most 9,999,999,999,999.99 either way (a numeric
            string is accepted too). Example: 1250.5.
        created_at (str): RFC 3339, UTC.
        date (datetime.date): A calendar date written `YYYY-MM-DD`; the written form sorts as the dates do.
        description (None | str):
        employee_id (int):
        gift (None | str):
        id (int): Unique per workspace and resource.
        updated_at (str): RFC 3339, UTC.
        version (int): Goes up by one on every change; send it back (`version` or `If-Match`) to update safely.
    """

    award_type: str
    cash: float | None
    created_at: str
    date: datetime.date
    description: None | str
    employee_id: int
    gift: None | str
    id: int
    updated_at: str
    version: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        award_type = self.award_type

        cash: float | None
        cash = self.cash

        created_at = self.created_at

        date = self.date.isoformat()

        description: None | str
        description = self.description

        employee_id = self.employee_id

        gift: None | str
        gift = self.gift

        id = self.id

        updated_at = self.updated_at

        version = self.version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "award_type": award_type,
                "cash": cash,
                "created_at": created_at,
                "date": date,
                "description": description,
                "employee_id": employee_id,
                "gift": gift,
                "id": id,
                "updated_at": updated_at,
                "version": version,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        award_type = d.pop("award_type")

        def _parse_cash(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        cash = _parse_cash(d.pop("cash"))

        created_at = d.pop("created_at")

        date = datetime.date.fromisoformat(d.pop("date"))

        def _parse_description(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        description = _parse_description(d.pop("description"))

        employee_id = d.pop("employee_id")

        def _parse_gift(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        gift = _parse_gift(d.pop("gift"))

        id = d.pop("id")

        updated_at = d.pop("updated_at")

        version = d.pop("version")

        award = cls(
            award_type=award_type,
            cash=cash,
            created_at=created_at,
            date=date,
            description=description,
            employee_id=employee_id,
            gift=gift,
            id=id,
            updated_at=updated_at,
            version=version,
        )

        award.additional_properties = d
        return award

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
