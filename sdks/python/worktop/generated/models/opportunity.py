from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.opportunity_stage import OpportunityStage

T = TypeVar("T", bound="Opportunity")


@_attrs_define
class Opportunity:
    """A possible sale.

    Attributes:
        amount (float): What it would bring, at least 0. Example: 1250.5.
        close_date (datetime.date | None):
        created_at (str): RFC 3339, UTC.
        customer_id (int | None): The customer (accounting) it would sell to.
        description (None | str):
        id (int): Unique per workspace and resource.
        name (str):
        probability (int | None): Chance of winning it, in percent.
        stage (OpportunityStage): Where an opportunity stands; the last two close it.
        updated_at (str): RFC 3339, UTC.
        version (int): Goes up by one on every change; send it back (`version` or `If-Match`) to update safely.
    """

    amount: float
    close_date: datetime.date | None
    created_at: str
    customer_id: int | None
    description: None | str
    id: int
    name: str
    probability: int | None
    stage: OpportunityStage
    updated_at: str
    version: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        amount = self.amount

        close_date: None | str
        if isinstance(self.close_date, datetime.date):
            close_date = self.close_date.isoformat()
        else:
            close_date = self.close_date

        created_at = self.created_at

        customer_id: int | None
        customer_id = self.customer_id

        description: None | str
        description = self.description

        id = self.id

        name = self.name

        probability: int | None
        probability = self.probability

        stage = self.stage.value

        updated_at = self.updated_at

        version = self.version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "amount": amount,
                "close_date": close_date,
                "created_at": created_at,
                "customer_id": customer_id,
                "description": description,
                "id": id,
                "name": name,
                "probability": probability,
                "stage": stage,
                "updated_at": updated_at,
                "version": version,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        amount = d.pop("amount")

        def _parse_close_date(data: object) -> datetime.date | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                close_date_type_1 = datetime.date.fromisoformat(data)

                return close_date_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None, data)

        close_date = _parse_close_date(d.pop("close_date"))

        created_at = d.pop("created_at")

        def _parse_customer_id(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        customer_id = _parse_customer_id(d.pop("customer_id"))

        def _parse_description(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        description = _parse_description(d.pop("description"))

        id = d.pop("id")

        name = d.pop("name")

        def _parse_probability(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        probability = _parse_probability(d.pop("probability"))

        stage = OpportunityStage(d.pop("stage"))

        updated_at = d.pop("updated_at")

        version = d.pop("version")

        opportunity = cls(
            amount=amount,
            close_date=close_date,
            created_at=created_at,
            customer_id=customer_id,
            description=description,
            id=id,
            name=name,
            probability=probability,
            stage=stage,
            updated_at=updated_at,
            version=version,
        )

        opportunity.additional_properties = d
        return opportunity

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
