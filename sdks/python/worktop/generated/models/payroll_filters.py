from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.paid_status import PaidStatus
from ..models.payroll_status import PayrollStatus
from ..types import UNSET, Unset

T = TypeVar("T", bound="PayrollFilters")


@_attrs_define
class PayrollFilters:
    """`?status=` and `?is_payroll_paid=` on the list.

    Attributes:
        is_payroll_paid (None | PaidStatus | Unset):
        status (None | PayrollStatus | Unset):
    """

    is_payroll_paid: None | PaidStatus | Unset = UNSET
    status: None | PayrollStatus | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        is_payroll_paid: None | str | Unset
        if isinstance(self.is_payroll_paid, Unset):
            is_payroll_paid = UNSET
        elif isinstance(self.is_payroll_paid, PaidStatus):
            is_payroll_paid = self.is_payroll_paid.value
        else:
            is_payroll_paid = self.is_payroll_paid

        status: None | str | Unset
        if isinstance(self.status, Unset):
            status = UNSET
        elif isinstance(self.status, PayrollStatus):
            status = self.status.value
        else:
            status = self.status

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if is_payroll_paid is not UNSET:
            field_dict["is_payroll_paid"] = is_payroll_paid
        if status is not UNSET:
            field_dict["status"] = status

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_is_payroll_paid(data: object) -> None | PaidStatus | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                is_payroll_paid_type_1 = PaidStatus(data)

                return is_payroll_paid_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PaidStatus | Unset, data)

        is_payroll_paid = _parse_is_payroll_paid(d.pop("is_payroll_paid", UNSET))

        def _parse_status(data: object) -> None | PayrollStatus | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                status_type_1 = PayrollStatus(data)

                return status_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PayrollStatus | Unset, data)

        status = _parse_status(d.pop("status", UNSET))

        payroll_filters = cls(
            is_payroll_paid=is_payroll_paid,
            status=status,
        )

        return payroll_filters
