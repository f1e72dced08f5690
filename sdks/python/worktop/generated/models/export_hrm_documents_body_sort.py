from enum import StrEnum


class ExportHrmDocumentsBodySort(StrEnum):
    CREATED_AT = "created_at"
    EXPIRY_DATE = "expiry_date"
    ID = "id"
    ISSUE_DATE = "issue_date"
    VALUE_1 = "-id"
    VALUE_3 = "-created_at"
    VALUE_5 = "-issue_date"
    VALUE_7 = "-expiry_date"

    def __str__(self) -> str:
        return str(self.value)
