from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.project_status import ProjectStatus
from ..types import UNSET, Unset

T = TypeVar("T", bound="ProjectFilters")


@_attrs_define
class ProjectFilters:
    """`?status=`, `?member=` and `?client=` on the list.

    Attributes:
        client (int | None | Unset): Projects for this client user.
        member (int | None | Unset): Projects this user is a member of.
        status (None | ProjectStatus | Unset):
    """

    client: int | None | Unset = UNSET
    member: int | None | Unset = UNSET
    status: None | ProjectStatus | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        client: int | None | Unset
        if isinstance(self.client, Unset):
            client = UNSET
        else:
            client = self.client

        member: int | None | Unset
        if isinstance(self.member, Unset):
            member = UNSET
        else:
            member = self.member

        status: None | str | Unset
        if isinstance(self.status, Unset):
            status = UNSET
        elif isinstance(self.status, ProjectStatus):
            status = self.status.value
        else:
            status = self.status

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if client is not UNSET:
            field_dict["client"] = client
        if member is not UNSET:
            field_dict["member"] = member
        if status is not UNSET:
            field_dict["status"] = status

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_client(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        client = _parse_client(d.pop("client", UNSET))

        def _parse_member(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        member = _parse_member(d.pop("member", UNSET))

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

        project_filters = cls(
            client=client,
            member=member,
            status=status,
        )

        return project_filters
