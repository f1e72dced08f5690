from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.file_format_type_0 import FileFormatType0
from ..models.file_format_type_1 import FileFormatType1
from ..models.job_state import JobState

T = TypeVar("T", bound="ExportJobOut")


@_attrs_define
class ExportJobOut:
    """An export job as the API shows it.

    Attributes:
        created_at (str): RFC 3339, UTC.
        created_by (int):
        download_url (None | str): Where to download the file, once the job completed and until it expires: a signed
            link
            that needs no token (in the cloud, valid for an hour) or this API's download route.
        error (None | str):
        expires_at (None | str): Until when the file can be downloaded.
        finished_at (None | str):
        format_ (FileFormatType0 | FileFormatType1): The two file formats.
        id (int): Unique per workspace and resource.
        query (str): The list query it exports (`status=open&sort=-created_at`).
        resource (str): The kind of record it exports (`crm_contact`).
        rows_done (int): Records written so far.
        size (int): The file's size in bytes, once written.
        started_at (None | str):
        state (JobState): Where a job is.
        updated_at (str): RFC 3339, UTC.
        version (int): Goes up by one on every change; send it back (`version` or `If-Match`) to update safely.
    """

    created_at: str
    created_by: int
    download_url: None | str
    error: None | str
    expires_at: None | str
    finished_at: None | str
    format_: FileFormatType0 | FileFormatType1
    id: int
    query: str
    resource: str
    rows_done: int
    size: int
    started_at: None | str
    state: JobState
    updated_at: str
    version: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        created_at = self.created_at

        created_by = self.created_by

        download_url: None | str
        download_url = self.download_url

        error: None | str
        error = self.error

        expires_at: None | str
        expires_at = self.expires_at

        finished_at: None | str
        finished_at = self.finished_at

        format_: str
        if isinstance(self.format_, FileFormatType0):
            format_ = self.format_.value
        else:
            format_ = self.format_.value

        id = self.id

        query = self.query

        resource = self.resource

        rows_done = self.rows_done

        size = self.size

        started_at: None | str
        started_at = self.started_at

        state = self.state.value

        updated_at = self.updated_at

        version = self.version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "created_at": created_at,
                "created_by": created_by,
                "download_url": download_url,
                "error": error,
                "expires_at": expires_at,
                "finished_at": finished_at,
                "format": format_,
                "id": id,
                "query": query,
                "resource": resource,
                "rows_done": rows_done,
                "size": size,
                "started_at": started_at,
                "state": state,
                "updated_at": updated_at,
                "version": version,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        created_at = d.pop("created_at")

        created_by = d.pop("created_by")

        def _parse_download_url(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        download_url = _parse_download_url(d.pop("download_url"))

        def _parse_error(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        error = _parse_error(d.pop("error"))

        def _parse_expires_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        expires_at = _parse_expires_at(d.pop("expires_at"))

        def _parse_finished_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        finished_at = _parse_finished_at(d.pop("finished_at"))

        def _parse_format_(data: object) -> FileFormatType0 | FileFormatType1:
            try:
                if not isinstance(data, str):
                    raise TypeError()
                componentsschemas_file_format_type_0 = FileFormatType0(data)

                return componentsschemas_file_format_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, str):
                raise TypeError()
            componentsschemas_file_format_type_1 = FileFormatType1(data)

            return componentsschemas_file_format_type_1

        format_ = _parse_format_(d.pop("format"))

        id = d.pop("id")

        query = d.pop("query")

        resource = d.pop("resource")

        rows_done = d.pop("rows_done")

        size = d.pop("size")

        def _parse_started_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        started_at = _parse_started_at(d.pop("started_at"))

        state = JobState(d.pop("state"))

        updated_at = d.pop("updated_at")

        version = d.pop("version")

        export_job_out = cls(
            created_at=created_at,
            created_by=created_by,
            download_url=download_url,
            error=error,
            expires_at=expires_at,
            finished_at=finished_at,
            format_=format_,
            id=id,
            query=query,
            resource=resource,
            rows_done=rows_done,
            size=size,
            started_at=started_at,
            state=state,
            updated_at=updated_at,
            version=version,
        )

        export_job_out.additional_properties = d
        return export_job_out

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
