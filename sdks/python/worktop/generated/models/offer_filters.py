from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.offer_status import OfferStatus
from ..types import UNSET, Unset

T = TypeVar("T", bound="OfferFilters")


@_attrs_define
class OfferFilters:
    """`?status=`, `?customer_id=` and `?opportunity_id=` on the lists.

    Attributes:
        customer_id (int | None | Unset):
        opportunity_id (int | None | Unset):
        status (None | OfferStatus | Unset):
    """

    customer_id: int | None | Unset = UNSET
    opportunity_id: int | None | Unset = UNSET
    status: None | OfferStatus | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        customer_id: int | None | Unset
        if isinstance(self.customer_id, Unset):
            customer_id = UNSET
        else:
            customer_id = self.customer_id

        opportunity_id: int | None | Unset
        if isinstance(self.opportunity_id, Unset):
            opportunity_id = UNSET
        else:
            opportunity_id = self.opportunity_id

        status: None | str | Unset
        if isinstance(self.status, Unset):
            status = UNSET
        elif isinstance(self.status, OfferStatus):
            status = self.status.value
        else:
            status = self.status

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if customer_id is not UNSET:
            field_dict["customer_id"] = customer_id
        if opportunity_id is not UNSET:
            field_dict["opportunity_id"] = opportunity_id
        if status is not UNSET:
            field_dict["status"] = status

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_customer_id(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        customer_id = _parse_customer_id(d.pop("customer_id", UNSET))

        def _parse_opportunity_id(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        opportunity_id = _parse_opportunity_id(d.pop("opportunity_id", UNSET))

        def _parse_status(data: object) -> None | OfferStatus | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                status_type_1 = OfferStatus(data)

                return status_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | OfferStatus | Unset, data)

        status = _parse_status(d.pop("status", UNSET))

        offer_filters = cls(
            customer_id=customer_id,
            opportunity_id=opportunity_id,
            status=status,
        )

        return offer_filters
