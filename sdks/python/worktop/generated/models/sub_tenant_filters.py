from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.tenant_status import TenantStatus
from ..types import UNSET, Unset

T = TypeVar("T", bound="SubTenantFilters")


@_attrs_define
class SubTenantFilters:
    """`?status=` and `?plan_id=` on the list.

    Attributes:
        plan_id (int | None | Unset):
        status (None | TenantStatus | Unset):
    """

    plan_id: int | None | Unset = UNSET
    status: None | TenantStatus | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        plan_id: int | None | Unset
        if isinstance(self.plan_id, Unset):
            plan_id = UNSET
        else:
            plan_id = self.plan_id

        status: None | str | Unset
        if isinstance(self.status, Unset):
            status = UNSET
        elif isinstance(self.status, TenantStatus):
            status = self.status.value
        else:
            status = self.status

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if plan_id is not UNSET:
            field_dict["plan_id"] = plan_id
        if status is not UNSET:
            field_dict["status"] = status

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_plan_id(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        plan_id = _parse_plan_id(d.pop("plan_id", UNSET))

        def _parse_status(data: object) -> None | TenantStatus | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                status_type_1 = TenantStatus(data)

                return status_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | TenantStatus | Unset, data)

        status = _parse_status(d.pop("status", UNSET))

        sub_tenant_filters = cls(
            plan_id=plan_id,
            status=status,
        )

        return sub_tenant_filters
