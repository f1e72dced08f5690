from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.file_format_type_0 import FileFormatType0
from ..models.file_format_type_1 import FileFormatType1
from ..models.import_mode_type_0 import ImportModeType0
from ..models.import_mode_type_1 import ImportModeType1
from ..models.import_mode_type_2 import ImportModeType2
from ..models.job_state import JobState

if TYPE_CHECKING:
    from ..models.column_mapping import ColumnMapping


T = TypeVar("T", bound="ImportJobOut")


@_attrs_define
class ImportJobOut:
    """An import job as the API shows it.

    Attributes:
        created_at (str): RFC 3339, UTC.
        created_by (int):
        error (None | str): Why the job failed, when it did.
        failed_rows_url (None | str): A CSV of the failed rows with their errors, while there are any.
        file_name (str):
        finished_at (None | str):
        format_ (FileFormatType0 | FileFormatType1): The two file formats.
        id (int): Unique per workspace and resource.
        ignored_columns (list[str]): The file's columns that fill no field.
        mapping (list[ColumnMapping]):
        match_field (None | str): The field an upsert matches rows to records by.
        mode (ImportModeType0 | ImportModeType1 | ImportModeType2): How an import treats its rows.
        resource (str): The kind of record it imports (`crm_contact`).
        rows_created (int):
        rows_done (int): Rows handled so far: created, updated or failed (in a dry run: checked).
        rows_failed (int):
        rows_total (int): The file's rows (blank lines left out).
        rows_updated (int):
        size (int): Bytes.
        started_at (None | str):
        state (JobState): Where a job is.
        updated_at (str): RFC 3339, UTC.
        version (int): Goes up by one on every change; send it back (`version` or `If-Match`) to update safely.
    """

    created_at: str
    created_by: int
    error: None | str
    failed_rows_url: None | str
    file_name: str
    finished_at: None | str
    format_: FileFormatType0 | FileFormatType1
    id: int
    ignored_columns: list[str]
    mapping: list[ColumnMapping]
    match_field: None | str
    mode: ImportModeType0 | ImportModeType1 | ImportModeType2
    resource: str
    rows_created: int
    rows_done: int
    rows_failed: int
    rows_total: int
    rows_updated: int
    size: int
    started_at: None | str
    state: JobState
    updated_at: str
    version: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        created_at = self.created_at

        created_by = self.created_by

        error: None | str
        error = self.error

        failed_rows_url: None | str
        failed_rows_url = self.failed_rows_url

        file_name = self.file_name

        finished_at: None | str
        finished_at = self.finished_at

        format_: str
        if isinstance(self.format_, FileFormatType0):
            format_ = self.format_.value
        else:
            format_ = self.format_.value

        id = self.id

        ignored_columns = self.ignored_columns

        mapping = []
        for mapping_item_data in self.mapping:
            mapping_item = mapping_item_data.to_dict()
            mapping.append(mapping_item)

        match_field: None | str
        match_field = self.match_field

        mode: str
        if isinstance(self.mode, ImportModeType0) or isinstance(
            self.mode, ImportModeType1
        ):
            mode = self.mode.value
        else:
            mode = self.mode.value

        resource = self.resource

        rows_created = self.rows_created

        rows_done = self.rows_done

        rows_failed = self.rows_failed

        rows_total = self.rows_total

        rows_updated = self.rows_updated

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
                "error": error,
                "failed_rows_url": failed_rows_url,
                "file_name": file_name,
                "finished_at": finished_at,
                "format": format_,
                "id": id,
                "ignored_columns": ignored_columns,
                "mapping": mapping,
                "match_field": match_field,
                "mode": mode,
                "resource": resource,
                "rows_created": rows_created,
                "rows_done": rows_done,
                "rows_failed": rows_failed,
                "rows_total": rows_total,
                "rows_updated": rows_updated,
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
        from ..models.column_mapping import ColumnMapping

        d = dict(src_dict)
        created_at = d.pop("created_at")

        created_by = d.pop("created_by")

        def _parse_error(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        error = _parse_error(d.pop("error"))

        def _parse_failed_rows_url(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        failed_rows_url = _parse_failed_rows_url(d.pop("failed_rows_url"))

        file_name = d.pop("file_name")

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

        ignored_columns = cast(list[str], d.pop("ignored_columns"))

        mapping = []
        _mapping = d.pop("mapping")
        for mapping_item_data in _mapping:
            mapping_item = ColumnMapping.from_dict(mapping_item_data)

            mapping.append(mapping_item)

        def _parse_match_field(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        match_field = _parse_match_field(d.pop("match_field"))

        def _parse_mode(
            data: object,
        ) -> ImportModeType0 | ImportModeType1 | ImportModeType2:
            try:
                if not isinstance(data, str):
                    raise TypeError()
                componentsschemas_import_mode_type_0 = ImportModeType0(data)

                return componentsschemas_import_mode_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                componentsschemas_import_mode_type_1 = ImportModeType1(data)

                return componentsschemas_import_mode_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, str):
                raise TypeError()
            componentsschemas_import_mode_type_2 = ImportModeType2(data)

            return componentsschemas_import_mode_type_2

        mode = _parse_mode(d.pop("mode"))

        resource = d.pop("resource")

        rows_created = d.pop("rows_created")

        rows_done = d.pop("rows_done")

        rows_failed = d.pop("rows_failed")

        rows_total = d.pop("rows_total")

        rows_updated = d.pop("rows_updated")

        size = d.pop("size")

        def _parse_started_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        started_at = _parse_started_at(d.pop("started_at"))

        state = JobState(d.pop("state"))

        updated_at = d.pop("updated_at")

        version = d.pop("version")

        import_job_out = cls(
            created_at=created_at,
            created_by=created_by,
            error=error,
            failed_rows_url=failed_rows_url,
            file_name=file_name,
            finished_at=finished_at,
            format_=format_,
            id=id,
            ignored_columns=ignored_columns,
            mapping=mapping,
            match_field=match_field,
            mode=mode,
            resource=resource,
            rows_created=rows_created,
            rows_done=rows_done,
            rows_failed=rows_failed,
            rows_total=rows_total,
            rows_updated=rows_updated,
            size=size,
            started_at=started_at,
            state=state,
            updated_at=updated_at,
            version=version,
        )

        import_job_out.additional_properties = d
        return import_job_out

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
