from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.usage_records_by_module import UsageRecordsByModule
    from ..models.users_by_role import UsersByRole


T = TypeVar("T", bound="Usage")


@_attrs_define
class Usage:
    """What a sub-tenant uses, from counters (never its records).

    Attributes:
        modules (list[str]): The modules its users may call now (plan and white-label plan applied).
        records (int): Records of its live workspace, every module's resources together.
        records_by_module (UsageRecordsByModule): The same, by module (modules with none are left out).
        requests_per_hour (int): Its limit per token per hour.
        requests_this_hour (int): Requests its credentials (live and sandbox) made since the top of this clock hour.
            Each
            server instance adds its count every few seconds, so the newest requests may not show yet.
        users (int): Users of its live workspace.
        users_by_role (UsersByRole): Counts by role.
    """

    modules: list[str]
    records: int
    records_by_module: UsageRecordsByModule
    requests_per_hour: int
    requests_this_hour: int
    users: int
    users_by_role: UsersByRole
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        modules = self.modules

        records = self.records

        records_by_module = self.records_by_module.to_dict()

        requests_per_hour = self.requests_per_hour

        requests_this_hour = self.requests_this_hour

        users = self.users

        users_by_role = self.users_by_role.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "modules": modules,
                "records": records,
                "records_by_module": records_by_module,
                "requests_per_hour": requests_per_hour,
                "requests_this_hour": requests_this_hour,
                "users": users,
                "users_by_role": users_by_role,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.usage_records_by_module import UsageRecordsByModule
        from ..models.users_by_role import UsersByRole

        d = dict(src_dict)
        modules = cast(list[str], d.pop("modules"))

        records = d.pop("records")

        records_by_module = UsageRecordsByModule.from_dict(d.pop("records_by_module"))

        requests_per_hour = d.pop("requests_per_hour")

        requests_this_hour = d.pop("requests_this_hour")

        users = d.pop("users")

        users_by_role = UsersByRole.from_dict(d.pop("users_by_role"))

        usage = cls(
            modules=modules,
            records=records,
            records_by_module=records_by_module,
            requests_per_hour=requests_per_hour,
            requests_this_hour=requests_this_hour,
            users=users,
            users_by_role=users_by_role,
        )

        usage.additional_properties = d
        return usage

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
