from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.task_list_in_sort import TaskListInSort
from ..types import UNSET, Unset

T = TypeVar("T", bound="TaskListIn")


@_attrs_define
class TaskListIn:
    """Body of `POST /api/lite/task-list`.

    Attributes:
        assignee (int | None | Unset): Tasks assigned to this user.
        page (int | None | Unset):
        per_page (int | None | Unset): 1 to 100, default 15.
        project_id (int | None | Unset):
        search (None | str | Unset): Words a task's title begins with.
        sort (TaskListInSort | Unset): `field` ascending or `-field` descending.
        stage_id (int | None | Unset): With `project_id`: the tasks in this task stage.
    """

    assignee: int | None | Unset = UNSET
    page: int | None | Unset = UNSET
    per_page: int | None | Unset = UNSET
    project_id: int | None | Unset = UNSET
    search: None | str | Unset = UNSET
    sort: TaskListInSort | Unset = UNSET
    stage_id: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        assignee: int | None | Unset
        if isinstance(self.assignee, Unset):
            assignee = UNSET
        else:
            assignee = self.assignee

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

        project_id: int | None | Unset
        if isinstance(self.project_id, Unset):
            project_id = UNSET
        else:
            project_id = self.project_id

        search: None | str | Unset
        if isinstance(self.search, Unset):
            search = UNSET
        else:
            search = self.search

        sort: str | Unset = UNSET
        if not isinstance(self.sort, Unset):
            sort = self.sort.value

        stage_id: int | None | Unset
        if isinstance(self.stage_id, Unset):
            stage_id = UNSET
        else:
            stage_id = self.stage_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if assignee is not UNSET:
            field_dict["assignee"] = assignee
        if page is not UNSET:
            field_dict["page"] = page
        if per_page is not UNSET:
            field_dict["per_page"] = per_page
        if project_id is not UNSET:
            field_dict["project_id"] = project_id
        if search is not UNSET:
            field_dict["search"] = search
        if sort is not UNSET:
            field_dict["sort"] = sort
        if stage_id is not UNSET:
            field_dict["stage_id"] = stage_id

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_assignee(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        assignee = _parse_assignee(d.pop("assignee", UNSET))

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

        def _parse_project_id(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        project_id = _parse_project_id(d.pop("project_id", UNSET))

        def _parse_search(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        search = _parse_search(d.pop("search", UNSET))

        _sort = d.pop("sort", UNSET)
        sort: TaskListInSort | Unset
        if isinstance(_sort, Unset):
            sort = UNSET
        else:
            sort = TaskListInSort(_sort)

        def _parse_stage_id(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        stage_id = _parse_stage_id(d.pop("stage_id", UNSET))

        task_list_in = cls(
            assignee=assignee,
            page=page,
            per_page=per_page,
            project_id=project_id,
            search=search,
            sort=sort,
            stage_id=stage_id,
        )

        task_list_in.additional_properties = d
        return task_list_in

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
