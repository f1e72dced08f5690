from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.project_list_in_sort import ProjectListInSort
from ..models.project_status import ProjectStatus
from ..types import UNSET, Unset

T = TypeVar("T", bound="ProjectListIn")


@_attrs_define
class ProjectListIn:
    """Body of `POST /api/lite/project-list`: the projects list's query, as a body.

    Attributes:
        client (int | None | Unset): Projects for this client user.
        member (int | None | Unset): Projects this user is a member of.
        page (int | None | Unset):
        per_page (int | None | Unset): 1 to 100, default 15.
        search (None | str | Unset): Words the project's name begins with.
        sort (ProjectListInSort | Unset): `field` ascending or `-field` descending.
        status (None | ProjectStatus | Unset):
    """

    client: int | None | Unset = UNSET
    member: int | None | Unset = UNSET
    page: int | None | Unset = UNSET
    per_page: int | None | Unset = UNSET
    search: None | str | Unset = UNSET
    sort: ProjectListInSort | Unset = UNSET
    status: None | ProjectStatus | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

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

        page: int | None | Unset
        if isinstance(self.page, Unset):
            page = UNSET
        else:
            page = self.page

        per_page: int | None | Unset
        if isinstance(self.per_page, Unset):
            per_page = UNSET
        else:
            per_page = self.per_page

        search: None | str | Unset
        if isinstance(self.search, Unset):
            search = UNSET
        else:
            search = self.search

        sort: str | Unset = UNSET
        if not isinstance(self.sort, Unset):
            sort = self.sort.value

        status: None | str | Unset
        if isinstance(self.status, Unset):
            status = UNSET
        elif isinstance(self.status, ProjectStatus):
            status = self.status.value
        else:
            status = self.status

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if client is not UNSET:
            field_dict["client"] = client
        if member is not UNSET:
            field_dict["member"] = member
        if page is not UNSET:
            field_dict["page"] = page
        if per_page is not UNSET:
            field_dict["per_page"] = per_page
        if search is not UNSET:
            field_dict["search"] = search
        if sort is not UNSET:
            field_dict["sort"] = sort
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

        def _parse_page(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        page = _parse_page(d.pop("page", UNSET))

        def _parse_per_page(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        per_page = _parse_per_page(d.pop("per_page", UNSET))

        def _parse_search(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        search = _parse_search(d.pop("search", UNSET))

        _sort = d.pop("sort", UNSET)
        sort: ProjectListInSort | Unset
        if isinstance(_sort, Unset):
            sort = UNSET
        else:
            sort = ProjectListInSort(_sort)

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

        project_list_in = cls(
            client=client,
            member=member,
            page=page,
            per_page=per_page,
            search=search,
            sort=sort,
            status=status,
        )

        project_list_in.additional_properties = d
        return project_list_in

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
