from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.priority import Priority

if TYPE_CHECKING:
    from ..models.bug_comment import BugComment


T = TypeVar("T", bound="BugDetail")


@_attrs_define
class BugDetail:
    """A bug with its comments.

    Attributes:
        assigned_to (list[int]): Members of the project working on it.
        comments (list[BugComment]):
        created_at (str): RFC 3339, UTC.
        description (None | str):
        done (bool): Whether its stage is the board's done column.
        id (int): Unique per workspace and resource.
        priority (Priority): How urgent a task or bug is.
        project_id (int):
        stage_id (int):
        title (str):
        updated_at (str): RFC 3339, UTC.
        version (int): Goes up by one on every change; send it back (`version` or `If-Match`) to update safely.
    """

    assigned_to: list[int]
    comments: list[BugComment]
    created_at: str
    description: None | str
    done: bool
    id: int
    priority: Priority
    project_id: int
    stage_id: int
    title: str
    updated_at: str
    version: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        assigned_to = self.assigned_to

        comments = []
        for comments_item_data in self.comments:
            comments_item = comments_item_data.to_dict()
            comments.append(comments_item)

        created_at = self.created_at

        description: None | str
        description = self.description

        done = self.done

        id = self.id

        priority = self.priority.value

        project_id = self.project_id

        stage_id = self.stage_id

        title = self.title

        updated_at = self.updated_at

        version = self.version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "assigned_to": assigned_to,
                "comments": comments,
                "created_at": created_at,
                "description": description,
                "done": done,
                "id": id,
                "priority": priority,
                "project_id": project_id,
                "stage_id": stage_id,
                "title": title,
                "updated_at": updated_at,
                "version": version,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.bug_comment import BugComment

        d = dict(src_dict)
        assigned_to = cast(list[int], d.pop("assigned_to"))

        comments = []
        _comments = d.pop("comments")
        for comments_item_data in _comments:
            comments_item = BugComment.from_dict(comments_item_data)

            comments.append(comments_item)

        created_at = d.pop("created_at")

        def _parse_description(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        description = _parse_description(d.pop("description"))

        done = d.pop("done")

        id = d.pop("id")

        priority = Priority(d.pop("priority"))

        project_id = d.pop("project_id")

        stage_id = d.pop("stage_id")

        title = d.pop("title")

        updated_at = d.pop("updated_at")

        version = d.pop("version")

        bug_detail = cls(
            assigned_to=assigned_to,
            comments=comments,
            created_at=created_at,
            description=description,
            done=done,
            id=id,
            priority=priority,
            project_id=project_id,
            stage_id=stage_id,
            title=title,
            updated_at=updated_at,
            version=version,
        )

        bug_detail.additional_properties = d
        return bug_detail

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
