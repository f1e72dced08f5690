from enum import StrEnum


class ListHrDocumentsSort(StrEnum):
    CREATED_AT = "created_at"
    EXPIRY_DATE = "expiry_date"
    ID = "id"
    ISSUE_DATE = "issue_date"
    UPDATED_AT = "updated_at"
    VALUE_1 = "-id"
    VALUE_3 = "-created_at"
    VALUE_5 = "-updated_at"
    VALUE_7 = "-issue_date"
    VALUE_9 = "-expiry_date"

    def __str__(self) -> str:
        return str(self.value)
