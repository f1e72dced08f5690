from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.board_figures import BoardFigures
    from ..models.project import Project


T = TypeVar("T", bound="ProjectReport")


@_attrs_define
class ProjectReport:
    """A project's figures.

    Attributes:
        budget (float): An amount with two decimal places, at most 9,999,999,999,999.99 either way (a numeric string is
            accepted too). Example: 1250.5.
        budget_remaining (float): A running total or balance with two decimal places: a sum of amounts, so it may pass
            the bound a single amount has. Example: 1250.5.
        budget_spent (float): A running total or balance with two decimal places: a sum of amounts, so it may pass the
            bound a single amount has. Example: 1250.5.
        bugs (BoardFigures): A board's figures for one project.
        hours_logged (float): The same in hours, to two decimals.
        milestones (int):
        milestones_complete (int):
        overdue_tasks (int): Tasks outside the done column due before today (counted up to 1,000 per stage).
        project (Project): A project.
        seconds_logged (int): Time stopped on the project's tasks.
        tasks (BoardFigures): A board's figures for one project.
    """

    budget: float
    budget_remaining: float
    budget_spent: float
    bugs: BoardFigures
    hours_logged: float
    milestones: int
    milestones_complete: int
    overdue_tasks: int
    project: Project
    seconds_logged: int
    tasks: BoardFigures
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        budget = self.budget

        budget_remaining = self.budget_remaining

        budget_spent = self.budget_spent

        bugs = self.bugs.to_dict()

        hours_logged = self.hours_logged

        milestones = self.milestones

        milestones_complete = self.milestones_complete

        overdue_tasks = self.overdue_tasks

        project = self.project.to_dict()

        seconds_logged = self.seconds_logged

        tasks = self.tasks.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "budget": budget,
                "budget_remaining": budget_remaining,
                "budget_spent": budget_spent,
                "bugs": bugs,
                "hours_logged": hours_logged,
                "milestones": milestones,
                "milestones_complete": milestones_complete,
                "overdue_tasks": overdue_tasks,
                "project": project,
                "seconds_logged": seconds_logged,
                "tasks": tasks,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.board_figures import BoardFigures
        from ..models.project import Project

        d = dict(src_dict)
        budget = d.pop("budget")

        budget_remaining = d.pop("budget_remaining")

        budget_spent = d.pop("budget_spent")

        bugs = BoardFigures.from_dict(d.pop("bugs"))

        hours_logged = d.pop("hours_logged")

        milestones = d.pop("milestones")

        milestones_complete = d.pop("milestones_complete")

        overdue_tasks = d.pop("overdue_tasks")

        project = Project.from_dict(d.pop("project"))

        seconds_logged = d.pop("seconds_logged")

        tasks = BoardFigures.from_dict(d.pop("tasks"))

        project_report = cls(
            budget=budget,
            budget_remaining=budget_remaining,
            budget_spent=budget_spent,
            bugs=bugs,
            hours_logged=hours_logged,
            milestones=milestones,
            milestones_complete=milestones_complete,
            overdue_tasks=overdue_tasks,
            project=project,
            seconds_logged=seconds_logged,
            tasks=tasks,
        )

        project_report.additional_properties = d
        return project_report

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
