from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.tracker import Tracker


T = TypeVar("T", bound="Started")


@_attrs_define
class Started:
    """Answer of `POST /api/add-tracker`.

    Attributes:
        stopped (None | Tracker): The caller's timer that was running, stopped to start this one.
        tracker (Tracker): One stretch of time a user spent on a task.
    """

    stopped: None | Tracker
    tracker: Tracker
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.tracker import Tracker

        stopped: dict[str, Any] | None
        if isinstance(self.stopped, Tracker):
            stopped = self.stopped.to_dict()
        else:
            stopped = self.stopped

        tracker = self.tracker.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "stopped": stopped,
                "tracker": tracker,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.tracker import Tracker

        d = dict(src_dict)

        def _parse_stopped(data: object) -> None | Tracker:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                stopped_type_1 = Tracker.from_dict(data)

                return stopped_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Tracker, data)

        stopped = _parse_stopped(d.pop("stopped"))

        tracker = Tracker.from_dict(d.pop("tracker"))

        started = cls(
            stopped=stopped,
            tracker=tracker,
        )

        started.additional_properties = d
        return started

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
